import { eq } from 'drizzle-orm';
import {
  ADJUSTABLE_ROLES,
  type RolePermissions,
  readReceiptSettings,
  readRolePermissions,
} from '#domain/business-settings.ts';
import { taxRateFromDatabase } from '#domain/catalog/tax-rate.ts';
import type {
  BusinessProfile,
  BusinessProfileBody,
  ReceiptSettingsInput,
  RolePermissionsInput,
  SettingsResponse,
  TaxSettings,
} from '#domain/schemas/settings.ts';
import type { Tx } from '../../db/client.ts';
import { businesses } from '../../db/schema/index.ts';
import { recordAudit } from '../audit/index.ts';
import type { Actor, UseCaseRequest } from '../use-case.ts';

// Business settings (issue 16): the profile, tax, receipts and role permissions of the business, each saved in
// one transaction with one audit line naming what changed (nothing is written when nothing changed).

type BusinessRow = typeof businesses.$inferSelect;

export function toProfileBody(b: BusinessRow): BusinessProfileBody {
  return {
    name: b.name,
    slug: b.slug,
    contact_person: b.contactPerson,
    email: b.email,
    phone: b.phone,
    address: b.address,
    logo_url: b.logoUrl,
    business_description: b.businessDescription,
    business_type: b.businessType,
    operating_hours: b.operatingHours,
    tax_id: b.taxId,
    receipt_footer: b.receiptFooter,
    currency: b.currency,
    timezone: b.timezone,
    theme_colors: b.themeColors,
    pos_features: b.posFeatures,
  };
}

export function toTaxBody(b: BusinessRow): TaxSettings {
  return { prices_include_tax: b.pricesIncludeTax, default_tax_rate: taxRateFromDatabase(b.defaultTaxRate) };
}

export function toSettingsBody(b: BusinessRow): SettingsResponse {
  return {
    profile: toProfileBody(b),
    tax: toTaxBody(b),
    receipt: readReceiptSettings(b.receiptSettings),
    roles: readRolePermissions(b.rolePermissions),
    discount_limit_percent: b.discountLimitPercent,
  };
}

/** The business row, locked for the change (two owners saving at once write one after the other). */
async function lockBusiness(tx: Tx, businessId: string): Promise<BusinessRow> {
  const [row] = await tx.select().from(businesses).where(eq(businesses.id, businessId)).for('update');
  if (!row) throw new Error(`Business ${businessId} is not visible in its own tenant transaction`);
  return row;
}

/** Only the fields whose value changed, as { field: [before, after] }. */
function changedFields(before: Record<string, unknown>, after: Record<string, unknown>) {
  const was: Record<string, unknown> = {};
  const now: Record<string, unknown> = {};
  for (const key of Object.keys(after)) {
    if (JSON.stringify(before[key] ?? null) === JSON.stringify(after[key] ?? null)) continue;
    was[key] = before[key] ?? null;
    now[key] = after[key] ?? null;
  }
  return { was, now, names: Object.keys(now) };
}

async function auditChange(
  tx: Tx,
  who: { businessId: string; actor: Actor },
  what: { action: 'business_settings_changed' | 'role_permissions_changed'; area: string },
  before: Record<string, unknown>,
  after: Record<string, unknown>,
): Promise<void> {
  const { was, now, names } = changedFields(before, after);
  if (names.length === 0) return;
  await recordAudit(tx, who, {
    action: what.action,
    subject: { type: 'business', id: who.businessId },
    summary: `${what.area} settings changed: ${names.map((name) => name.replaceAll('_', ' ')).join(', ')}`,
    before: was,
    after: now,
  });
}

export async function updateBusinessProfile(
  { businessId, actor, input }: UseCaseRequest<BusinessProfile & { now: Date }>,
  tx: Tx,
): Promise<BusinessRow> {
  const before = await lockBusiness(tx, businessId);
  const [after] = await tx
    .update(businesses)
    .set({
      name: input.name,
      contactPerson: input.contact_person ?? null,
      email: input.email ?? null,
      phone: input.phone ?? null,
      address: input.address ?? '',
      logoUrl: input.logo_url ?? null,
      businessDescription: input.business_description ?? null,
      businessType: input.business_type ?? null,
      operatingHours: input.operating_hours ?? null,
      taxId: input.tax_id ?? null,
      receiptFooter: input.receipt_footer ?? null,
      currency: input.currency,
      timezone: input.timezone,
      themeColors: input.theme_colors,
      posFeatures: input.pos_features,
      updatedAt: input.now,
    })
    .where(eq(businesses.id, businessId))
    .returning();
  const { slug: _before, ...was } = toProfileBody(before);
  const { slug: _after, ...now } = toProfileBody(after!);
  await auditChange(
    tx,
    { businessId, actor },
    { action: 'business_settings_changed', area: 'Business' },
    was,
    now,
  );
  return after!;
}

export async function updateTaxSettings(
  { businessId, actor, input }: UseCaseRequest<TaxSettings & { now: Date }>,
  tx: Tx,
): Promise<BusinessRow> {
  const before = await lockBusiness(tx, businessId);
  const [after] = await tx
    .update(businesses)
    .set({
      pricesIncludeTax: input.prices_include_tax,
      defaultTaxRate: String(input.default_tax_rate),
      updatedAt: input.now,
    })
    .where(eq(businesses.id, businessId))
    .returning();
  await auditChange(
    tx,
    { businessId, actor },
    { action: 'business_settings_changed', area: 'Tax' },
    toTaxBody(before),
    toTaxBody(after!),
  );
  return after!;
}

export async function updateReceiptSettings(
  { businessId, actor, input }: UseCaseRequest<ReceiptSettingsInput & { now: Date }>,
  tx: Tx,
): Promise<BusinessRow> {
  const before = await lockBusiness(tx, businessId);
  const { now, ...settings } = input;
  const [after] = await tx
    .update(businesses)
    .set({ receiptSettings: readReceiptSettings(settings), updatedAt: now })
    .where(eq(businesses.id, businessId))
    .returning();
  await auditChange(
    tx,
    { businessId, actor },
    { action: 'business_settings_changed', area: 'Receipt' },
    readReceiptSettings(before.receiptSettings),
    readReceiptSettings(after!.receiptSettings),
  );
  return after!;
}

/**
 * Settings → Roles: what managers and cashiers may do. Applies to everyone of those roles at once, signed in
 * or not: the business row's change is announced to every server (migration 0140), whose next request of a
 * signed-in person reads the new permissions.
 */
export async function updateRolePermissions(
  { businessId, actor, input }: UseCaseRequest<RolePermissionsInput & { now: Date }>,
  tx: Tx,
): Promise<BusinessRow> {
  const before = await lockBusiness(tx, businessId);
  const next: RolePermissions = readRolePermissions({ manager: input.manager, cashier: input.cashier });
  const [after] = await tx
    .update(businesses)
    .set({ rolePermissions: next, updatedAt: input.now })
    .where(eq(businesses.id, businessId))
    .returning();
  const was = readRolePermissions(before.rolePermissions);
  for (const role of ADJUSTABLE_ROLES) {
    const removed = was[role].filter((permission) => !next[role].includes(permission));
    const added = next[role].filter((permission) => !was[role].includes(permission));
    if (removed.length === 0 && added.length === 0) continue;
    const parts = [
      added.length ? `gave ${added.join(', ')}` : '',
      removed.length ? `took ${removed.join(', ')}` : '',
    ].filter(Boolean);
    await recordAudit(
      tx,
      { businessId, actor },
      {
        action: 'role_permissions_changed',
        subject: { type: 'business', id: businessId },
        summary: `${role === 'manager' ? 'Managers' : 'Cashiers'}: ${parts.join('; ')}`,
        before: { role, permissions: was[role] },
        after: { role, permissions: next[role] },
      },
    );
  }
  return after!;
}
