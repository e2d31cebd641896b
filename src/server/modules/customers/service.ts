import { and, asc, count, eq, ne, or, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
  type Customer,
  type CustomerSummary,
  type customerCreateInput,
  type customerUpdateInput,
  phoneKey,
} from '#domain/schemas/customers.ts';
import type { Tx } from '../../db/client.ts';
import { uniqueViolation } from '../../db/database-errors.ts';
import { customers } from '../../db/schema/index.ts';
import { customerMatches } from '../../db/search.ts';
import type { UseCaseRequest } from '../use-case.ts';
import { CUSTOMER_NOT_FOUND, customerContactTaken } from './errors.ts';

// The customer book (operations §2 Customer Management). The form sets name, phone and email; the stats
// (total_spent, visit_count, last_visit, loyalty_points) change only through sales and refunds.

type Row = typeof customers.$inferSelect;

export function toCustomer(row: Row): Customer {
  return {
    id: row.id,
    name: row.name,
    phone: row.phone,
    email: row.email,
    loyalty_points: row.loyaltyPoints,
    total_spent: row.totalSpent,
    visit_count: row.visitCount,
    last_visit: row.lastVisit?.toISOString() ?? null,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

const phoneKeySql = (column: SQL | typeof customers.phone) => sql`customer_phone_key(${column})`;

/** operations §7: search on name, phone or email (contains, any case; a phone also by its digits). */
function customerWhere(businessId: string, search: string | undefined): SQL {
  const conditions: (SQL | undefined)[] = [
    eq(customers.businessId, businessId),
    eq(customers.isActive, true),
  ];
  if (search) conditions.push(customerMatches(businessId, search));
  return and(...conditions)!;
}

export async function listCustomers(
  tx: Tx,
  businessId: string,
  query: { search?: string | undefined; limit: number; offset: number },
): Promise<{ customers: Customer[]; total: number }> {
  const where = customerWhere(businessId, query.search);
  const rows = await tx
    .select()
    .from(customers)
    .where(where)
    .orderBy(asc(customers.name), asc(customers.id))
    .limit(query.limit)
    .offset(query.offset);
  const [total] = await tx.select({ n: count() }).from(customers).where(where);
  return { customers: rows.map(toCustomer), total: total?.n ?? 0 };
}

export async function customerSummary(
  tx: Tx,
  businessId: string,
  search: string | undefined,
): Promise<CustomerSummary> {
  const [row] = await tx
    .select({
      total: count(),
      active: sql<number>`count(*) filter (where ${customers.visitCount} > 0)`.mapWith(Number),
      spent: sql<string>`coalesce(sum(${customers.totalSpent}), 0)`.mapWith(Number),
      points: sql<string>`coalesce(sum(${customers.loyaltyPoints}), 0)`.mapWith(Number),
    })
    .from(customers)
    .where(customerWhere(businessId, search));
  return {
    total_customers: row?.total ?? 0,
    active_customers: row?.active ?? 0,
    total_spent: row?.spent ?? 0,
    loyalty_points: row?.points ?? 0,
  };
}

export async function findCustomer(tx: Tx, businessId: string, id: string): Promise<Customer> {
  const [row] = await tx
    .select()
    .from(customers)
    .where(and(eq(customers.businessId, businessId), eq(customers.id, id), eq(customers.isActive, true)));
  if (!row) throw CUSTOMER_NOT_FOUND();
  return toCustomer(row);
}

/** A phone or email another active customer of the business has is refused with 409 and the field. */
async function assertContactsFree(
  tx: Tx,
  businessId: string,
  contacts: { phone?: string | null | undefined; email?: string | null | undefined },
  exceptId?: string,
): Promise<void> {
  const matches: SQL[] = [];
  if (contacts.phone) matches.push(sql`${phoneKeySql(customers.phone)} = ${phoneKey(contacts.phone)}`);
  if (contacts.email) matches.push(sql`lower(${customers.email}) = ${contacts.email.toLowerCase()}`);
  if (matches.length === 0) return;
  const clashes = await tx
    .select({ name: customers.name, phone: customers.phone, email: customers.email })
    .from(customers)
    .where(
      and(
        eq(customers.businessId, businessId),
        eq(customers.isActive, true),
        or(...matches),
        exceptId ? ne(customers.id, exceptId) : undefined,
      ),
    )
    .limit(2);
  for (const clash of clashes) {
    if (contacts.phone && clash.phone && phoneKey(clash.phone) === phoneKey(contacts.phone)) {
      throw customerContactTaken('phone', clash.name);
    }
    if (contacts.email && clash.email?.toLowerCase() === contacts.email.toLowerCase()) {
      throw customerContactTaken('email', clash.name);
    }
  }
}

function rethrowContactClash(error: unknown): never {
  const constraint = uniqueViolation(error);
  if (constraint === 'customers_business_phone_key') throw customerContactTaken('phone', 'another customer');
  if (constraint === 'customers_business_email_key') throw customerContactTaken('email', 'another customer');
  throw error;
}

export async function createCustomer(
  { businessId, input }: UseCaseRequest<z.output<typeof customerCreateInput>>,
  tx: Tx,
): Promise<Customer> {
  await assertContactsFree(tx, businessId, input);
  const [row] = await tx
    .insert(customers)
    .values({ businessId, name: input.name, phone: input.phone ?? null, email: input.email ?? null })
    .returning()
    .catch(rethrowContactClash);
  return toCustomer(row!);
}

export async function updateCustomer(
  {
    businessId,
    input: { id, changes: input },
  }: UseCaseRequest<{ id: string; changes: z.output<typeof customerUpdateInput> }>,
  tx: Tx,
): Promise<Customer> {
  await findCustomer(tx, businessId, id);
  await assertContactsFree(tx, businessId, input, id);
  const changes: Partial<typeof customers.$inferInsert> = { updatedAt: new Date() };
  if (input.name !== undefined) changes.name = input.name;
  if (input.phone !== undefined) changes.phone = input.phone;
  if (input.email !== undefined) changes.email = input.email;
  const [row] = await tx
    .update(customers)
    .set(changes)
    .where(and(eq(customers.businessId, businessId), eq(customers.id, id)))
    .returning()
    .catch(rethrowContactClash);
  return toCustomer(row!);
}

/** Soft: past sales keep naming the customer; the book and the till's picker no longer show them. */
export async function deleteCustomer(
  { businessId, input: { id } }: UseCaseRequest<{ id: string }>,
  tx: Tx,
): Promise<void> {
  const deleted = await tx
    .update(customers)
    .set({ isActive: false, updatedAt: new Date() })
    .where(and(eq(customers.businessId, businessId), eq(customers.id, id), eq(customers.isActive, true)))
    .returning({ id: customers.id });
  if (deleted.length === 0) throw CUSTOMER_NOT_FOUND();
}
