import { count } from 'drizzle-orm';
import { ean13CheckDigit } from '#domain/barcode.ts';
import type { Database, Tx } from '../db/client.ts';
import { businesses, categories, products } from '../db/schema/index.ts';
import { seedDemoStaff } from '../modules/accounts/index.ts';
import { seedDemoAdmin } from '../modules/admin/index.ts';
import { createBusiness } from '../modules/businesses/index.ts';
import { seedDemoCustomers } from '../modules/customers/index.ts';
import { seedDemoSales } from '../modules/sales/index.ts';
import { DEMO_SHOPS, type DemoShop } from './catalog.ts';

export type DemoBusiness = { id: string; slug: string; name: string };

/**
 * A step of the demo data, run after the businesses and their catalogs exist, in the same transaction.
 * Features that need demo rows of their own (staff, admins, customers…) add a step to DEMO_STEPS.
 */
export type DemoStep = (tx: Tx, demo: { businesses: DemoBusiness[] }) => Promise<void>;

export const DEMO_STEPS: DemoStep[] = [seedDemoAdmin, seedDemoStaff, seedDemoCustomers, seedDemoSales];

/** Fills an empty database with the sample businesses; does nothing when any business exists. */
export async function seedDemo(database: Database): Promise<boolean> {
  const [existing] = await database.db.select({ n: count() }).from(businesses);
  if ((existing?.n ?? 0) > 0) return false;
  await database.db.transaction(async (tx) => {
    const created: DemoBusiness[] = [];
    for (const shop of DEMO_SHOPS) created.push(await seedShop(tx, shop));
    for (const step of DEMO_STEPS) await step(tx, { businesses: created });
  });
  return true;
}

async function seedShop(tx: Tx, shop: DemoShop): Promise<DemoBusiness> {
  const created = await createBusiness(
    {
      name: shop.name,
      slug: shop.slug,
      email: shop.email,
      phone: shop.phone,
      address: shop.address,
      contactPerson: 'Demo Owner',
      businessType: shop.type,
      businessDescription: `${shop.name} — a sample ${shop.type.toLowerCase()} to try the product with.`,
      operatingHours: 'Mon–Sat 7:00–21:00, Sun 12:00–18:00',
      receiptFooter: 'Thank you for shopping with us! Goods sold are not returnable after 7 days.',
      taxId: 'C0012345678',
      posFeatures: [
        'inventory_management',
        'customer_management',
        'employee_management',
        'barcode_scanning',
        'receipt_printing',
        'dual_screen_display',
        'mobile_payments',
      ],
      isOnboarded: true,
      onboardedAt: new Date(),
    },
    tx,
  );
  // The database was empty a moment ago (seedDemo checks), so a slug cannot be taken.
  if (!created) throw new Error(`Demo business ${shop.slug} already exists`);
  const business = { id: created.business.id, slug: created.business.slug, name: created.business.name };
  const categoryRows = await tx
    .insert(categories)
    .values(shop.categories.map((name, index) => ({ businessId: business.id, name, sortOrder: index })))
    .returning({ id: categories.id, name: categories.name });
  const categoryId = new Map(categoryRows.map((row) => [row.name, row.id]));
  await tx.insert(products).values(
    shop.products.map((product, index) => {
      const first12 = `${shop.barcodePrefix}${String(index + 1).padStart(5, '0')}`;
      const skuStem = product.name
        .replace(/[^A-Za-z0-9]/g, '')
        .slice(0, 8)
        .toUpperCase();
      return {
        businessId: business.id,
        categoryId: categoryId.get(product.category) ?? null,
        name: product.name,
        description: product.description ?? null,
        barcode: `${first12}${ean13CheckDigit(first12)}`,
        sku: `${skuStem}-${String(index + 1).padStart(4, '0')}`,
        price: product.price,
        costPrice: product.cost,
        taxRate: product.tax ?? '12.5',
        stockQuantity: product.stock,
        minStockLevel: product.min ?? 5,
      };
    }),
  );
  return business;
}
