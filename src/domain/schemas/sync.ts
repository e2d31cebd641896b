import { z } from 'zod';
import { posProduct } from './sales.ts';

// The till's catalog sync (issue 15): the rows of products, categories and customers changed since a cursor
// the server handed out, deactivated ones included (is_active false), so the till's local copy can follow.

/** A cursor is the server's opaque position: digits only (a PostgreSQL transaction id). */
export const syncCursor = z
  .string()
  .trim()
  .regex(/^\d{1,19}$/, 'Cursor is not valid: start a full sync without one');

export const syncCatalogQuery = z.object({ cursor: syncCursor.optional() });

export const syncProduct = posProduct.extend({ is_active: z.boolean(), category_id: z.uuid().nullable() });
export type SyncProduct = z.infer<typeof syncProduct>;

export const syncCategory = z.object({
  id: z.uuid(),
  name: z.string(),
  sort_order: z.number().int(),
  is_active: z.boolean(),
});
export type SyncCategory = z.infer<typeof syncCategory>;

export const syncCustomer = z.object({
  id: z.uuid(),
  name: z.string(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  is_active: z.boolean(),
});
export type SyncCustomer = z.infer<typeof syncCustomer>;

export const syncCatalogResponse = z.object({
  /** Pass it back next time; only rows changed since come. */
  cursor: syncCursor,
  /** True when this answer holds every row (no cursor was given): the till replaces its copy. */
  full: z.boolean(),
  products: z.array(syncProduct),
  categories: z.array(syncCategory),
  customers: z.array(syncCustomer),
});
export type SyncCatalogResponse = z.infer<typeof syncCatalogResponse>;
