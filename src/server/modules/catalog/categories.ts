import { and, asc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Category } from '#domain/schemas/catalog.ts';
import type { Tx } from '../../db/client.ts';
import { uniqueViolation } from '../../db/database-errors.ts';
import { categories } from '../../db/schema/index.ts';
import { MISSING_PERMISSION } from '../../http/access-errors.ts';
import type { UseCaseRequest } from '../use-case.ts';
import { CATEGORY_NOT_FOUND, CATEGORY_ORDER_REPEATS, categoryNameTaken } from './errors.ts';

// Categories (operations §3): a name, an order and an active flag. Product forms offer the active ones.

// Written out by hand: inside a subquery Drizzle would leave the outer column unqualified.
const productCount =
  sql<number>`(select count(*) from products p where p.category_id = ${categories}.id and p.business_id = ${categories}.business_id and p.is_active)`.mapWith(
    Number,
  );

const categoryColumns = {
  id: categories.id,
  name: categories.name,
  sort_order: categories.sortOrder,
  is_active: categories.isActive,
  product_count: productCount,
};

/**
 * The business's categories in their order. Any staff member sees the active ones (the till filters its grid
 * by them); the inactive ones only those who manage categories, so this rule depends on the query itself.
 */
/** How many active categories the business has, as a scalar subquery (the cards' fourth figure). */
export function activeCategoriesCount(businessId: string): SQL {
  return sql`(select count(*) from ${categories} where ${categories.businessId} = ${businessId} and ${categories.isActive})`;
}

export async function listCategories(
  { businessId, actor, input }: UseCaseRequest<{ includeInactive: boolean }>,
  tx: Tx,
): Promise<Category[]> {
  if (input.includeInactive && !actor.permissions.includes('manage_categories')) throw MISSING_PERMISSION();
  return categoryRows(tx, businessId, input.includeInactive);
}

function categoryRows(tx: Tx, businessId: string, includeInactive: boolean): Promise<Category[]> {
  return tx
    .select(categoryColumns)
    .from(categories)
    .where(
      and(eq(categories.businessId, businessId), includeInactive ? undefined : eq(categories.isActive, true)),
    )
    .orderBy(asc(categories.sortOrder), asc(categories.name));
}

async function findCategory(tx: Tx, businessId: string, id: string): Promise<Category> {
  const [row] = await tx
    .select(categoryColumns)
    .from(categories)
    .where(and(eq(categories.businessId, businessId), eq(categories.id, id)));
  if (!row) throw CATEGORY_NOT_FOUND();
  return row;
}

async function assertNameFree(tx: Tx, businessId: string, name: string, exceptId?: string): Promise<void> {
  const [clash] = await tx
    .select({ id: categories.id, name: categories.name })
    .from(categories)
    .where(
      and(
        eq(categories.businessId, businessId),
        eq(categories.isActive, true),
        sql`lower(${categories.name}) = lower(${name})`,
        exceptId ? sql`${categories.id} <> ${exceptId}` : undefined,
      ),
    )
    .limit(1);
  if (clash) throw categoryNameTaken(clash.name);
}

const rethrowNameClash = (name: string) => (error: unknown) => {
  if (uniqueViolation(error) === 'categories_business_name_key') throw categoryNameTaken(name);
  throw error;
};

/** A new category goes last. */
export async function createCategory(
  { businessId, input: { name } }: UseCaseRequest<{ name: string }>,
  tx: Tx,
): Promise<Category> {
  await assertNameFree(tx, businessId, name);
  const [row] = await tx
    .insert(categories)
    .values({
      businessId,
      name,
      sortOrder: sql`(select coalesce(max(${categories.sortOrder}) + 1, 0) from ${categories} where ${categories.businessId} = ${businessId})`,
    })
    .returning({ id: categories.id })
    .catch(rethrowNameClash(name));
  return findCategory(tx, businessId, row!.id);
}

/** Renames, deactivates or reactivates. Products keep a deactivated category; forms stop offering it. */
type CategoryChanges = { name?: string | undefined; is_active?: boolean | undefined };

export async function updateCategory(
  { businessId, input: { id, changes: input } }: UseCaseRequest<{ id: string; changes: CategoryChanges }>,
  tx: Tx,
): Promise<Category> {
  const current = await findCategory(tx, businessId, id);
  const name = input.name ?? current.name;
  if (input.name !== undefined || input.is_active === true) {
    if (input.is_active ?? current.is_active) await assertNameFree(tx, businessId, name, id);
  }
  await tx
    .update(categories)
    .set({ name, isActive: input.is_active ?? current.is_active, updatedAt: new Date() })
    .where(and(eq(categories.businessId, businessId), eq(categories.id, id)))
    .catch(rethrowNameClash(name));
  return findCategory(tx, businessId, id);
}

/** Puts the given categories in this order (positions 0, 1, 2…); every id must be the business's own. */
export async function reorderCategories(
  { businessId, input: { ids } }: UseCaseRequest<{ ids: string[] }>,
  tx: Tx,
): Promise<Category[]> {
  if (new Set(ids).size !== ids.length) {
    throw CATEGORY_ORDER_REPEATS();
  }
  const owned = await tx
    .select({ id: categories.id })
    .from(categories)
    .where(and(eq(categories.businessId, businessId), inArray(categories.id, ids)));
  if (owned.length !== ids.length) throw CATEGORY_NOT_FOUND();
  await tx
    .update(categories)
    .set({
      sortOrder: sql`array_position(${sql.raw('ARRAY')}[${sql.join(
        ids.map((id) => sql`${id}::uuid`),
        sql`, `,
      )}], ${categories.id}) - 1`,
      updatedAt: new Date(),
    })
    .where(and(eq(categories.businessId, businessId), inArray(categories.id, ids)));
  return categoryRows(tx, businessId, true);
}
