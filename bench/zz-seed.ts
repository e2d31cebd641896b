import { openDatabase } from '../src/server/db/client.ts';
import { migrate } from '../src/server/db/migrate.ts';
import { createBusiness } from '../src/server/testing/factories.ts';

const url = process.argv[2]!;
const database = await openDatabase({ driver: 'pg', url, poolSize: 2 });
await migrate(database);
const business = await createBusiness(database.db, { slug: 'bench-shop', name: 'Bench Shop' });
const WORDS = [
  'Milk',
  'Rice',
  'Sugar',
  'Soap',
  'Tomato',
  'Sardine',
  'Biscuit',
  'Juice',
  'Water',
  'Oil',
  'Flour',
  'Noodles',
  'Tea',
  'Coffee',
  'Salt',
  'Beans',
  'Gari',
  'Maize',
  'Yam',
  'Plantain',
];
const businessId = business.id;
await database.query(
  `INSERT INTO categories (business_id, name, sort_order) SELECT $1, 'Category ' || g, g FROM generate_series(1, 20) g`,
  [businessId],
);
const words = `ARRAY[${WORDS.map((w) => `'${w}'`).join(',')}]`;
await database.query(
  `INSERT INTO products (business_id, category_id, name, description, barcode, sku, price, cost_price, stock_quantity, min_stock_level)
     SELECT $1,
            (SELECT id FROM categories c WHERE c.business_id = $1 AND c.sort_order = 1 + g % 20),
            (${words})[1 + g % 20] || ' ' || (${words})[1 + (g / 20) % 20] || ' ' || g,
            'Pack of ' || (1 + g % 12) || ' — ' || (${words})[1 + (g / 7) % 20] || ' flavour',
            '603' || lpad(g::text, 9, '0') || (g % 10),
            'SKU-' || lpad(g::text, 7, '0'),
            100 + (g * 37) % 20000, 50 + (g * 29) % 10000, g % 60, 5
       FROM generate_series(1, $2::int) g`,
  [businessId, 100000],
);
await database.query('ANALYZE products');
console.log(businessId);
await database.close();
