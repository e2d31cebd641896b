import { eq } from 'drizzle-orm';
import { starterCategories } from '#domain/catalog/starter-categories.ts';
import type { Tx } from '../../db/client.ts';
import { categories } from '../../db/schema/index.ts';

/**
 * Gives a business that is being made ready for use its starter categories (by business type), inside the
 * caller's transaction. A business that already has categories (made by an admin, an import) is left as it is.
 */
export async function createStarterCategories(
  tx: Tx,
  businessId: string,
  businessType: string | null | undefined,
): Promise<void> {
  const [existing] = await tx
    .select({ id: categories.id })
    .from(categories)
    .where(eq(categories.businessId, businessId))
    .limit(1);
  if (existing) return;
  await tx
    .insert(categories)
    .values(starterCategories(businessType).map((name, sortOrder) => ({ businessId, name, sortOrder })));
}
