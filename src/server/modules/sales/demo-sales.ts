import { and, asc, eq, gte } from 'drizzle-orm';
import { permissionsOf } from '#domain/permissions.ts';
import { priceCart } from '#domain/pricing.ts';
import { createSaleInput } from '#domain/schemas/sales.ts';
import type { Tx } from '../../db/client.ts';
import { customers, products, users } from '../../db/schema/index.ts';
import { createSale } from './create-sale.ts';

// Which products (by position in the name-ordered list), how many, and how far back: a fixed history.
const DEMO_BASKETS: { picks: [number, number][]; hoursAgo: number; withCustomer: boolean; round: number }[] =
  [
    {
      picks: [
        [0, 2],
        [7, 1],
      ],
      hoursAgo: 70,
      withCustomer: true,
      round: 1000,
    },
    { picks: [[3, 1]], hoursAgo: 68, withCustomer: false, round: 500 },
    {
      picks: [
        [12, 3],
        [20, 1],
        [5, 2],
      ],
      hoursAgo: 52,
      withCustomer: true,
      round: 5000,
    },
    {
      picks: [
        [9, 1],
        [15, 1],
      ],
      hoursAgo: 47,
      withCustomer: false,
      round: 2000,
    },
    { picks: [[22, 4]], hoursAgo: 30, withCustomer: false, round: 1000 },
    {
      picks: [
        [1, 1],
        [11, 2],
      ],
      hoursAgo: 26,
      withCustomer: true,
      round: 5000,
    },
    {
      picks: [
        [18, 1],
        [25, 1],
        [30, 1],
      ],
      hoursAgo: 8,
      withCustomer: false,
      round: 10_000,
    },
    { picks: [[4, 2]], hoursAgo: 5, withCustomer: true, round: 0 },
    {
      picks: [
        [14, 1],
        [28, 3],
      ],
      hoursAgo: 3,
      withCustomer: false,
      round: 2000,
    },
    {
      picks: [
        [6, 1],
        [33, 2],
        [2, 1],
      ],
      hoursAgo: 1,
      withCustomer: false,
      round: 5000,
    },
  ];

/**
 * Demo step: a few days of cash sales at the Demo Shop's till, made through createSale so that stock,
 * stock movements and customer stats agree with them.
 */
export async function seedDemoSales(
  tx: Tx,
  demo: { businesses: { id: string; slug: string }[] },
): Promise<void> {
  const shop = demo.businesses.find((business) => business.slug === 'demo');
  if (!shop) return;
  const staff = await tx
    .select({ id: users.id, firstName: users.firstName, lastName: users.lastName, role: users.role })
    .from(users)
    .where(eq(users.businessId, shop.id));
  const cashier = staff.find((user) => user.role === 'cashier') ?? staff[0];
  // Sales need someone at the till; without demo staff there is no history to make.
  if (!cashier) return;
  const catalog = await tx
    .select({ id: products.id, price: products.price, taxRate: products.taxRate })
    .from(products)
    .where(
      and(eq(products.businessId, shop.id), eq(products.isActive, true), gte(products.stockQuantity, 10)),
    )
    .orderBy(asc(products.name));
  if (catalog.length === 0) return;
  const regulars = await tx
    .select({ id: customers.id })
    .from(customers)
    .where(eq(customers.businessId, shop.id))
    .orderBy(asc(customers.name));
  const now = Date.now();

  for (const [index, basket] of DEMO_BASKETS.entries()) {
    const items = basket.picks.map(([position, quantity]) => ({
      product: catalog[position % catalog.length]!,
      quantity,
    }));
    const unique = [...new Map(items.map((item) => [item.product.id, item])).values()];
    const totals = priceCart({
      lines: unique.map((item) => ({
        unit_price: item.product.price,
        quantity: item.quantity,
        tax_rate: item.product.taxRate,
      })),
    });
    const tendered = basket.round
      ? Math.ceil(totals.total_amount / basket.round) * basket.round
      : totals.total_amount;
    const customer =
      basket.withCustomer && regulars.length > 0 ? regulars[index % regulars.length] : undefined;
    await createSale(
      {
        businessId: shop.id,
        actor: {
          userId: cashier.id,
          // The seed acts for the cashier outside any sign-in: there is no session to name.
          sessionId: 'demo-seed',
          role: cashier.role,
          permissions: permissionsOf(cashier.role),
          firstName: cashier.firstName,
          lastName: cashier.lastName,
        },
        input: {
          idempotencyKey: `demo-sale-${index + 1}`,
          now: new Date(now - basket.hoursAgo * 3_600_000 - (index % 3) * 60_000),
          sale: createSaleInput.parse({
            items: unique.map((item) => ({ product_id: item.product.id, quantity: item.quantity })),
            customer_id: customer?.id ?? null,
            payments: [{ method: 'cash', amount: totals.total_amount, amount_tendered: tendered }],
          }),
        },
      },
      tx,
    );
  }
}

export function describeDemoSales(baseUrl: string): string[] {
  return [
    `Till:             ${baseUrl}/app/pos?business=demo  (${DEMO_BASKETS.length} past sales in its history)`,
  ];
}
