import { withTenant } from '../../db/tenant.ts';
import type { BusinessRow } from '../../http/tenancy.ts';
import type { AppDeps } from '../../http/types.ts';
import { SALE_ERRORS } from './errors.ts';
import { findSale, toSale } from './queries.ts';
import { renderReceiptMail } from './receipt-mail.ts';

/** Mails a sale's receipt to the given address, or to the sale's customer when none is given. */
export async function emailReceipt(
  deps: AppDeps,
  options: { business: BusinessRow; saleId: string; email?: string | undefined },
): Promise<void> {
  const { business } = options;
  const record = await withTenant(deps.database.db, business.id, (tx) =>
    findSale(tx, business.id, options.saleId),
  );
  if (!record) throw SALE_ERRORS.saleNotFound();
  const to = options.email ?? record.customer?.email;
  if (!to) throw SALE_ERRORS.noReceiptEmail();
  const mail = renderReceiptMail(toSale(record, business));
  await deps.mailer.enqueue({ to, ...mail, kind: 'receipt', businessId: business.id });
}
