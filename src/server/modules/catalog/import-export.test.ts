import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products, stockMovements } from '../../db/schema/index.ts';
import { signedInShop } from '../../testing/signed-in-shop.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';

let t: TestApp;
let shop: { id: string; slug: string };
let headers: Record<string, string>;
let otherHeaders: Record<string, string>;

beforeAll(async () => {
  t = await createTestApp();
  ({ business: shop, headers } = await signedInShop(t, 'owner', { business: { slug: 'csv-shop' } }));
  ({ headers: otherHeaders } = await signedInShop(t, 'owner', { business: { slug: 'csv-other' } }));
});
afterAll(() => t.close());

const HEADER =
  'name,description,category,barcode,sku,price,cost_price,tax_rate,stock_quantity,min_stock_level,image_url';
const exportCsv = async (h = headers) => {
  const response = await t.app.inject({ url: '/api/v1/products/export.csv', headers: h });
  expect(response.statusCode).toBe(200);
  return response;
};
const preview = (csv: string, h = headers) =>
  t.app.inject({ method: 'POST', url: '/api/v1/products/import/preview', headers: h, payload: { csv } });
const apply = (csv: string, h = headers) =>
  t.app.inject({ method: 'POST', url: '/api/v1/products/import', headers: h, payload: { csv } });
const activeProducts = () => t.database.db.select().from(products).where(eq(products.businessId, shop.id));

describe('CSV import and export', () => {
  it('imports a spreadsheet file (BOM, quotes, commas, line breaks in a field, CRLF), creating its categories', async () => {
    const csv = `\uFEFF${HEADER}\r\n"Milo 400g","Chocolate drink, ""the energy food""",Beverages,6034000123456,MILO-0001,55.00,40.50,12.5,24,6,https://img.example.com/milo.png\r\nGari 1kg,"Line one\nline two",Staples,,GARI-0001,15,10,0,100,10,\r\n`;
    const checked = await preview(csv);
    expect(checked.statusCode, checked.body).toBe(200);
    expect(checked.json()).toMatchObject({
      file_errors: [],
      total_rows: 2,
      valid_rows: 2,
      invalid_rows: 0,
      create_count: 2,
      update_count: 0,
      new_categories: ['Beverages', 'Staples'],
    });
    expect(await activeProducts()).toHaveLength(0);

    const applied = await apply(csv);
    expect(applied.statusCode, applied.body).toBe(200);
    expect(applied.json()).toEqual({ created: 2, updated: 0, categories_created: 2 });
    const rows = await activeProducts();
    const milo = rows.find((row) => row.sku === 'MILO-0001')!;
    expect(milo).toMatchObject({
      name: 'Milo 400g',
      description: 'Chocolate drink, "the energy food"',
      barcode: '6034000123456',
      price: 5500,
      costPrice: 4050,
      taxRate: '12.50',
      stockQuantity: 24,
      minStockLevel: 6,
    });
    expect(rows.find((row) => row.sku === 'GARI-0001')?.description).toBe('Line one\nline two');
    const movements = await t.database.db
      .select()
      .from(stockMovements)
      .where(eq(stockMovements.productId, milo.id));
    expect(movements.map((m) => [m.reason, m.delta, m.quantityAfter])).toEqual([['import', 24, 24]]);
  });

  it('round-trips: the export read back changes nothing, and an edited export updates by SKU', async () => {
    const exported = await exportCsv();
    expect(exported.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(exported.headers['content-disposition']).toMatch(
      /^attachment; filename="products-csv-shop-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const text = exported.body;
    expect(text.startsWith(`\uFEFF${HEADER}\r\n`)).toBe(true);
    expect(text).toContain('"Chocolate drink, ""the energy food"""');
    const before = await activeProducts();

    const again = await preview(text);
    expect(again.json()).toMatchObject({
      valid_rows: 2,
      create_count: 0,
      update_count: 2,
      new_categories: [],
    });
    expect((await apply(text)).json()).toEqual({ created: 0, updated: 2, categories_created: 0 });
    const after = await activeProducts();
    const strip = (rows: typeof before) =>
      rows.map(({ updatedAt: _u, ...rest }) => rest).sort((a, b) => a.name.localeCompare(b.name));
    expect(strip(after)).toEqual(strip(before));

    const edited = text.replace('Milo 400g', 'Milo 400g Tin').replace(',24,6,', ',30,6,');
    expect((await apply(edited)).json()).toEqual({ created: 0, updated: 1 + 1, categories_created: 0 });
    const milo = (await activeProducts()).find((row) => row.sku === 'MILO-0001')!;
    expect(milo).toMatchObject({ name: 'Milo 400g Tin', stockQuantity: 30 });
    const movements = await t.database.db
      .select()
      .from(stockMovements)
      .where(eq(stockMovements.productId, milo.id));
    expect(movements.map((m) => [m.reason, m.delta]).sort()).toEqual([
      ['import', 24],
      ['import', 6],
    ]);
  });

  it('defuses text a spreadsheet would run as a formula, and reads it back as typed', async () => {
    await apply(`name,price,sku\n"=HYPERLINK(""http://x"")",1.00,FORMULA-1\n`);
    const text = (await exportCsv()).body;
    expect(text).toContain(`"'=HYPERLINK(""http://x"")"`);
    await apply(text);
    const row = (await activeProducts()).find((r) => r.sku === 'FORMULA-1');
    expect(row?.name).toBe('=HYPERLINK("http://x")');
  });

  it.each([
    [
      `nom,prix\nMilo,5\n`,
      [
        `Unknown columns "nom", "prix". The columns are: ${HEADER.split(',').join(', ')}`,
        'Missing columns: name, price',
      ],
    ],
    [`name,description\nMilo,x\n`, ['Missing column: price']],
    [`name,price,price\nMilo,5,6\n`, ['Column "price" appears more than once']],
    [`name,price\n`, ['The file has a header but no products']],
    [`name,price\n"Milo,5\n`, ['Line 2: a quoted field is never closed']],
    [
      `name,price\nMi"lo,5\n`,
      ['Line 2: a quote inside an unquoted field must be written inside a quoted field as ""'],
    ],
  ])('refuses a broken file %j as a whole, naming the problem', async (csv, fileErrors) => {
    const checked = await preview(csv);
    expect(checked.json()).toMatchObject({ file_errors: fileErrors, total_rows: 0 });
    const count = (await activeProducts()).length;
    const applied = await apply(csv);
    expect(applied.statusCode).toBe(400);
    expect(applied.json().error).toEqual({ code: 'IMPORT_FILE_INVALID', message: fileErrors.join('. ') });
    expect(await activeProducts()).toHaveLength(count);
  });

  it('lists every bad row with its line and errors, and applies nothing while any remain', async () => {
    const csv = [
      'name,price,tax_rate,stock_quantity,sku,image_url',
      'Good one,5.00,12.5,3,GOOD-1,',
      ',5.00,0,1,NONAME,',
      'Negative,-1,0,1,NEG-1,',
      'Words,abc,0,1,WORDS-1,',
      'Tax,1.00,101,1,TAX-1,',
      'Stock,1.00,0,2.5,STOCK-1,',
      'Image,1.00,0,1,IMG-1,ftp:/nope',
      'Short row,1.00',
      'Dup,1.00,0,1,GOOD-1,',
      `${'x'.repeat(10_000)},1.00,0,1,LONG-1,`,
      'Taken,1.00,0,1,,',
    ].join('\n');
    const checked = (await preview(csv)).json();
    expect(checked).toMatchObject({ total_rows: 11, valid_rows: 2, invalid_rows: 9, create_count: 2 });
    const errors = checked.rows
      .filter((r: { errors: string[] }) => r.errors.length > 0)
      .map((r: { line: number; errors: string[] }) => [r.line, r.errors]);
    expect(errors).toEqual([
      [3, ['Product name is required']],
      [4, ['Price must be positive']],
      [5, ['Enter the price in cedis with at most 2 decimals, e.g. 12.50']],
      [6, ['Tax rate must be between 0 and 100']],
      [7, ['Stock quantity must be a whole number']],
      [8, ['Please enter a valid image URL (http:// or https://)']],
      [9, ['This row has 2 fields but the header has 6 (is a comma missing its quotes?)']],
      [10, ['SKU GOOD-1 is also on line 2']],
      [11, ['Product name must be at most 200 characters']],
    ]);
    const count = (await activeProducts()).length;
    const applied = await apply(csv);
    expect(applied.statusCode).toBe(400);
    expect(applied.json().error).toEqual({
      code: 'IMPORT_HAS_ERRORS',
      message: '9 rows have errors. Nothing was imported: fix them and import the file again.',
    });
    expect(await activeProducts()).toHaveLength(count);
  });

  it("refuses a row whose barcode another product has, and never touches another business's products", async () => {
    // The SKU names Gari; the barcode is Milo's.
    const csv = `name,price,barcode,sku\nClash,1.00,6034000123456,GARI-0001\n`;
    const checked = (await preview(csv)).json();
    expect(checked.rows[0].errors).toEqual(['Barcode 6034000123456 is already used by "Milo 400g Tin"']);
    // The other business has no such product: the same row creates one there.
    expect((await apply(csv, otherHeaders)).json()).toEqual({
      created: 1,
      updated: 0,
      categories_created: 0,
    });
    const [mine] = await t.database.db
      .select()
      .from(products)
      .where(eq(products.barcode, '6034000123456'))
      .orderBy(products.createdAt);
    expect(mine?.businessId).toBe(shop.id);
    expect(mine?.name).toBe('Milo 400g Tin');
  });

  it('imports 50,000 rows in one go and exports them all again', async () => {
    const lines = [HEADER];
    for (let i = 0; i < 50_000; i++) {
      lines.push(
        `"Bulk item ${i}, size ${i % 7}",,Bulk ${i % 20},BULK${String(i).padStart(8, '0')},BULK-${i},${(i % 900) + 1}.25,1.00,12.5,${i % 50},5,`,
      );
    }
    const csv = `\uFEFF${lines.join('\r\n')}\r\n`;
    const checked = (await preview(csv)).json();
    expect(checked).toMatchObject({
      total_rows: 50_000,
      valid_rows: 50_000,
      create_count: 50_000,
      invalid_rows: 0,
    });
    const applied = await apply(csv);
    expect(applied.statusCode, applied.body).toBe(200);
    expect(applied.json()).toEqual({ created: 50_000, updated: 0, categories_created: 20 });
    const exported = (await exportCsv()).body.trimEnd().split('\r\n');
    expect(exported.length).toBe(1 + 50_000 + 3);
    const [{ n }] = (await t.database.query<{ n: number }>(
      'select count(*)::int as n from categories where business_id = $1',
      [shop.id],
    )) as [{ n: number }];
    expect(n).toBe(22);
  }, 240_000);
});
