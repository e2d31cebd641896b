import { createHmac } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { PaymentSettingsBody, paymentSettingsInput } from '#domain/schemas/payments.ts';
import type { Tx } from '../../db/client.ts';
import { paymentSettings, payments } from '../../db/schema/index.ts';
import { withTenant } from '../../db/tenant.ts';
import type { AppDeps } from '../../http/types.ts';
import { recordAudit } from '../audit/index.ts';
import type { Actor, UseCaseRequest } from '../use-case.ts';
import {
  createProvider,
  type PaymentProvider,
  type PaymentSettingsRow,
  type ProviderContext,
} from './providers/index.ts';
import { decryptSecret, encryptSecret, loadPaymentsKey } from './secret-box.ts';

// A business's payment settings (operations §7 get/update configuration), with the sandbox as the default so
// that a new shop takes mobile money and cards for practice at once.

export function defaultSettings(businessId: string): PaymentSettingsRow {
  return {
    businessId,
    provider: 'sandbox',
    mode: 'test',
    paystackSecretKeyEncrypted: null,
    paystackSecretKeyLast4: null,
    paystackBaseUrl: 'https://api.paystack.co',
    paystackTerminalId: null,
    networkCodes: { mtn_momo: 'MTN', telecel_cash: 'VOD', airteltigo_money: 'ATL' },
    momoMerchantNumber: null,
    momoMerchantName: null,
    updatedBy: null,
    updatedAt: new Date(0),
  };
}

export async function readSettings(tx: Tx, businessId: string): Promise<PaymentSettingsRow> {
  const [row] = await tx.select().from(paymentSettings).where(eq(paymentSettings.businessId, businessId));
  return row ?? defaultSettings(businessId);
}

/** The key the sandbox signs a business's webhooks with: derived from the server's payments key. */
export function sandboxKeyFor(paymentsKey: Buffer, businessId: string): string {
  return createHmac('sha256', paymentsKey).update(`sandbox-webhooks:${businessId}`).digest('hex');
}

/**
 * Everything a provider needs for one business, read inside the caller's tenant transaction. The payments key
 * is loaded when the routes are registered, so this makes no query outside `tx`.
 */
export async function providerContext(deps: AppDeps, tx: Tx, businessId: string): Promise<ProviderContext> {
  const key = await loadPaymentsKey(deps.database, deps.config.PAYMENTS_SECRET);
  const settings = await readSettings(tx, businessId);
  return {
    businessId,
    settings,
    paystackSecretKey: settings.paystackSecretKeyEncrypted
      ? decryptSecret(key, businessId, settings.paystackSecretKeyEncrypted)
      : null,
    sandboxKey: sandboxKeyFor(key, businessId),
    timeoutMs: deps.config.PAYMENT_PROVIDER_TIMEOUT_MS,
    // Read in a transaction of its own: status() runs after the caller's transaction, never inside one.
    sandboxAnswer: async (reference) => {
      const [row] = await withTenant(deps.database.db, businessId, (own) =>
        own
          .select({ payload: payments.providerPayload, amount: payments.amount })
          .from(payments)
          .where(and(eq(payments.businessId, businessId), eq(payments.providerReference, reference))),
      );
      if (!row) return null;
      const decision = (row.payload as { sandbox_decision?: 'approve' | 'decline' | 'timeout' } | null)
        ?.sandbox_decision;
      return { decision: decision ?? null, amount: row.amount };
    },
  };
}

/**
 * The business's provider — or, given a name, the one that took a payment (a business may have changed
 * provider since) — built from its settings read in a transaction of its own: providers are called outside
 * any database transaction.
 */
export async function businessProvider(
  deps: AppDeps,
  businessId: string,
  name?: string | null,
): Promise<PaymentProvider> {
  const context = await withTenant(deps.database.db, businessId, (tx) =>
    providerContext(deps, tx, businessId),
  );
  return name === undefined ? createProvider(context) : createProvider(context, knownProvider(name));
}

/** A stored provider name; anything unknown is the sandbox, which sends no money anywhere. */
function knownProvider(name: string | null): PaymentSettingsRow['provider'] {
  return name === 'paystack' || name === 'manual' || name === 'sandbox' ? name : 'sandbox';
}

/** The settings as the API shows them: never the secret key, only its last 4 characters. */
export function toSettingsBody(context: ProviderContext, webhookBase: string): PaymentSettingsBody {
  const s = context.settings;
  return {
    provider: s.provider,
    mode: s.mode,
    paystack: {
      secret_key_last4: s.paystackSecretKeyLast4,
      is_secret_key_unreadable: Boolean(s.paystackSecretKeyEncrypted) && context.paystackSecretKey === null,
      base_url: s.paystackBaseUrl,
      terminal_id: s.paystackTerminalId,
      network_codes: s.networkCodes,
      webhook_url: `${webhookBase}/api/v1/payments/webhooks/paystack/${s.businessId}`,
    },
    momo_merchant_number: s.momoMerchantNumber,
    momo_merchant_name: s.momoMerchantName,
  };
}

/** operations §7 update configuration: a new secret key is encrypted at once; an empty one keeps the old. */
export async function updatePaymentSettings(
  {
    businessId,
    actor,
    input,
  }: UseCaseRequest<z.output<typeof paymentSettingsInput> & { key: Buffer; now: Date }>,
  tx: Tx,
): Promise<void> {
  const secret = input.paystack_secret_key;
  const values = {
    provider: input.provider,
    mode: input.mode,
    paystackBaseUrl: input.paystack_base_url,
    paystackTerminalId: input.paystack_terminal_id,
    networkCodes: input.network_codes,
    momoMerchantNumber: input.momo_merchant_number,
    momoMerchantName: input.momo_merchant_name,
    updatedBy: actor.userId,
    updatedAt: input.now,
    ...(secret
      ? {
          paystackSecretKeyEncrypted: encryptSecret(input.key, businessId, secret),
          paystackSecretKeyLast4: secret.slice(-4),
        }
      : {}),
  };
  const before = await readSettings(tx, businessId);
  await tx
    .insert(paymentSettings)
    .values({ businessId, ...values })
    .onConflictDoUpdate({ target: paymentSettings.businessId, set: values });
  await auditSettingsChange(tx, { businessId, actor }, before, values, secret ? secret.slice(-4) : null);
}

// What the audit log may show of the settings: everything but the secret key, which is only said to have changed.
const AUDITED = {
  provider: ['provider', 'provider'],
  mode: ['mode', 'test/live mode'],
  paystackBaseUrl: ['paystack_base_url', 'Paystack API address'],
  paystackTerminalId: ['paystack_terminal_id', 'Terminal ID'],
  networkCodes: ['network_codes', 'network codes'],
  momoMerchantNumber: ['momo_merchant_number', 'MoMo merchant number'],
  momoMerchantName: ['momo_merchant_name', 'MoMo merchant name'],
} as const;

/** One audit line for a settings change that changed something; the secret key never goes in it. */
async function auditSettingsChange(
  tx: Tx,
  who: { businessId: string; actor: Actor },
  before: PaymentSettingsRow,
  after: Record<keyof typeof AUDITED, unknown>,
  newKeyLast4: string | null,
): Promise<void> {
  const was: Record<string, unknown> = {};
  const now: Record<string, unknown> = {};
  const changes: string[] = [];
  for (const [field, [name, label]] of Object.entries(AUDITED) as [
    keyof typeof AUDITED,
    readonly [string, string],
  ][]) {
    if (JSON.stringify(before[field] ?? null) === JSON.stringify(after[field] ?? null)) continue;
    was[name] = before[field] ?? null;
    now[name] = after[field] ?? null;
    changes.push(label);
  }
  if (newKeyLast4) {
    was.paystack_secret_key = before.paystackSecretKeyLast4
      ? `ending ${before.paystackSecretKeyLast4}`
      : null;
    now.paystack_secret_key = `changed, ending ${newKeyLast4}`;
    changes.push(`Paystack secret key (ending ${newKeyLast4})`);
  }
  if (changes.length === 0) return;
  await recordAudit(tx, who, {
    action: 'payment_settings_changed',
    subject: { type: 'business', id: who.businessId },
    summary: `Payment settings changed: ${changes.join(', ')}`,
    before: was,
    after: now,
  });
}
