import type { AppDb } from '../../db/client.ts';
import { withTenant } from '../../db/tenant.ts';
import { isSameReading, type SaleTake, saleStockStatement } from '../catalog/index.ts';
import { type KeyClaim, keyTaken } from './idempotency.ts';
import type { SaleProductHints } from './sale-product-hints.ts';
import { type SaleRows, writeSales } from './write-sale.ts';

/** A checkout priced at products this server read before, ready to write: its rows, its stock and its key. */
export type BatchedSale = { rows: SaleRows; takes: SaleTake[]; claim: KeyClaim };

export type SaleBatches = {
  /** Writes the sale with whatever else of its business is waiting; its shift, or the batch's failure. */
  write(sale: BatchedSale): Promise<{ shiftId: string | null }>;
};

type Waiting = {
  sale: BatchedSale;
  resolve: (written: { shiftId: string | null }) => void;
  reject: (error: unknown) => void;
};

/**
 * Checkouts of one business written together, in one statement and one transaction: a statement's start, its
 * triggers and its commit cost the database about as much as the rows a sale writes, so several sales sharing
 * them go several times as far. One write of a business is at the database at a time; the sales that come in
 * meanwhile wait for the next, up to `largest` in one. A sale that finds nothing in flight is written at once,
 * alone: batching adds no wait to a quiet shop. A write still at the database after `patienceMs` (waiting for
 * a row another transaction holds, say) no longer holds the next one back, so one slow write never stalls the
 * shop's tills.
 *
 * Sales written together have different keys, and take a product together only while their sum is within the
 * stock the last write left it with (a busy shop's best-sellers are in most carts); a sale that shares a key,
 * or would take a product past that, waits for a later write. The write is all or nothing: when any of its
 * sales fails (a product changed since it was read, a key used before, a receipt number taken), every one of
 * them is told, and each is made again the usual way, alone (createSaleWithRetry), where its own answer is
 * found. So that one sale's shortfall does not send the rest that way, the stock each write leaves is kept in
 * `hints`, and a sale that would take more than that on its own is not written here (NotBatchedError): the
 * usual way reads the stock again, and refuses it or (after a delivery) makes it.
 */
export function saleBatches(
  db: AppDb,
  hints: SaleProductHints,
  { largest = 16, patienceMs = 25 } = {},
): SaleBatches {
  const shops = new Map<string, { isWriting: boolean; isSending: boolean; waiting: Waiting[] }>();

  function send(businessId: string) {
    const shop = shops.get(businessId);
    if (!shop) return;
    shop.isSending = false;
    if (shop.isWriting) return;
    const batch = takeBatch(shop.waiting, largest, (productId) => hints.stockOf(businessId, productId));
    if (batch.length === 0) {
      if (shop.waiting.length === 0) shops.delete(businessId);
      return;
    }
    shop.isWriting = true;
    let isHoldingBack = true;
    const stopHoldingBack = () => {
      if (!isHoldingBack) return;
      isHoldingBack = false;
      clearTimeout(patience);
      shop.isWriting = false;
      send(businessId);
    };
    const patience = setTimeout(stopHoldingBack, patienceMs);
    void writeBatch(db, hints, businessId, batch).finally(stopHoldingBack);
  }

  return {
    write(sale) {
      const businessId = sale.rows.transaction.businessId;
      return new Promise((resolve, reject) => {
        const shop = shops.get(businessId) ?? { isWriting: false, isSending: false, waiting: [] };
        shops.set(businessId, shop);
        shop.waiting.push({ sale, resolve, reject });
        // Sent once the checkouts that reached the server with this one have been priced too.
        if (!shop.isWriting && !shop.isSending) {
          shop.isSending = true;
          setImmediate(() => send(businessId));
        }
      });
    },
  };
}

/** A sale that would take more of a product than the last write left: for the usual way. */
export class NotBatchedError extends Error {
  constructor() {
    super('The sale would take more than the stock its products were last left with');
  }
}

/**
 * The first waiting sales, in order, that share no key with one taken before them and, with them, take no
 * product past its stock (`stockOf`, as the last write left it), at the same reading of it. A sale that would
 * take more than that on its own is answered (NotBatchedError) and dropped.
 */
function takeBatch(
  waiting: Waiting[],
  largest: number,
  stockOf: (productId: string) => number | undefined,
): Waiting[] {
  const batch: Waiting[] = [];
  // Each product the batch takes: the reading its first take was priced at, and the units of all its takes.
  const taken = new Map<string, { reading: SaleTake; quantity: number }>();
  const keys = new Set<string>();
  const fits = (take: SaleTake) => {
    const before = taken.get(take.productId);
    if (!before) return true;
    const stock = stockOf(take.productId);
    return (
      stock !== undefined && isSameReading(before.reading, take) && before.quantity + take.quantity <= stock
    );
  };
  for (let index = 0; index < waiting.length && batch.length < largest; ) {
    const next = waiting[index]!;
    const { takes, claim } = next.sale;
    if (takes.some((take) => take.quantity > (stockOf(take.productId) ?? take.quantity))) {
      waiting.splice(index, 1);
      next.reject(new NotBatchedError());
      continue;
    }
    if (keys.has(claim.key) || !takes.every(fits)) {
      index++;
      continue;
    }
    for (const take of takes) {
      const before = taken.get(take.productId);
      if (before) before.quantity += take.quantity;
      else taken.set(take.productId, { reading: take, quantity: take.quantity });
    }
    keys.add(claim.key);
    batch.push(next);
    waiting.splice(index, 1);
  }
  return batch;
}

async function writeBatch(
  db: AppDb,
  hints: SaleProductHints,
  businessId: string,
  batch: Waiting[],
): Promise<void> {
  const sales = batch.map((waiting) => waiting.sale);
  try {
    const { shiftIds, stockLeft } = await withTenant(db, businessId, (tx) =>
      writeSales(
        tx,
        sales.map((sale) => sale.rows),
        saleStockStatement(
          businessId,
          sales.flatMap((sale) => sale.takes),
          keyTaken,
        ),
        { endsTransaction: true, claims: sales.map((sale) => sale.claim) },
      ),
    );
    hints.setStock(businessId, stockLeft);
    for (const [index, waiting] of batch.entries()) waiting.resolve({ shiftId: shiftIds[index] ?? null });
  } catch (error) {
    for (const waiting of batch) waiting.reject(error);
  }
}
