import { describe, expect, it } from 'vitest';
import { ean13CheckDigit } from '../barcode.ts';
import { CODE128_PATTERNS } from '../code128.ts';
import { barRuns, encodeBarcode, encodeCode128, encodeEan13 } from './barcode-symbols.ts';
import { CsvSyntaxError, csvField, csvLine, parseCsv, unescapeFormula } from './csv.ts';
import { LABELS_PER_SHEET, labelName, layoutLabelSheets } from './label-sheet.ts';
import { parseProductCsv, productCsvHeader, productCsvLine } from './product-csv.ts';
import { generateSku } from './sku.ts';
import { applyStockOperation, isLowStock } from './stock.ts';
import { formatTaxRate, isValidTaxRate, parseTaxRate, taxRateFromDatabase } from './tax-rate.ts';

describe('generated SKU (operations §9)', () => {
  it('is the first 8 letters and digits of the name in upper case, a dash and 4 random upper-case alphanumerics', () => {
    expect(generateSku('Milo 400g Tin', () => 0)).toBe('MILO400G-AAAA');
    expect(generateSku('Coca-Cola 500ml', () => 0.999)).toBe('COCACOLA-9999');
    expect(generateSku('Gari', Math.random)).toMatch(/^GARI-[A-Z0-9]{4}$/);
  });
  it('keeps Ghanaian and accented letters as their ASCII letters', () => {
    expect(generateSku('Ɔsɛbɔ Shito 250g', () => 0)).toBe('OSEBOSHI-AAAA');
    expect(generateSku('ŋmɔ Kenkey', () => 0)).toBe('NMOKENKE-AAAA');
    expect(generateSku('Café Crème', () => 0)).toBe('CAFECREM-AAAA');
  });
});

describe('stock rules', () => {
  it('calls stock at or below the minimum low', () => {
    expect(isLowStock({ stock_quantity: 5, min_stock_level: 5 })).toBe(true);
    expect(isLowStock({ stock_quantity: 6, min_stock_level: 5 })).toBe(false);
  });
  it('adds, subtracts down to 0 at the lowest, and sets', () => {
    expect(applyStockOperation(4, 'add', 3)).toBe(7);
    expect(applyStockOperation(4, 'subtract', 10)).toBe(0);
    expect(applyStockOperation(4, 'set', 9)).toBe(9);
  });
});

describe('tax rates', () => {
  it('reads percentages with up to two decimals from 0 to 100', () => {
    expect(parseTaxRate('12.5')).toBe(12.5);
    expect(parseTaxRate(' 15 % ')).toBe(15);
    expect(parseTaxRate('100')).toBe(100);
    for (const bad of ['101', '-1', '12.345', 'abc', '']) expect(parseTaxRate(bad), bad).toBeNull();
    expect(isValidTaxRate(12.34)).toBe(true);
    expect(isValidTaxRate(12.345)).toBe(false);
    expect(taxRateFromDatabase('12.50')).toBe(12.5);
    expect(formatTaxRate(12.5)).toBe('12.5');
  });
});

describe('CSV', () => {
  it('reads quotes, doubled quotes, commas and line breaks in fields, CRLF and a BOM', () => {
    const records = parseCsv('\uFEFFa,b\r\n"x, ""y""","line\none"\r\n\r\nlast,\n');
    expect(records).toEqual([
      { line: 1, fields: ['a', 'b'] },
      { line: 2, fields: ['x, "y"', 'line\none'] },
      { line: 5, fields: ['last', ''] },
    ]);
  });
  it('names the line of a broken quote', () => {
    expect(() => parseCsv('a\n"open')).toThrow(new CsvSyntaxError(2, 'a quoted field is never closed'));
    expect(() => parseCsv('a\n"x"y')).toThrow(CsvSyntaxError);
  });
  it('writes fields that read back the same, defusing formulas', () => {
    expect(csvLine(['plain', 'a,b', 'say "hi"', null, 12])).toBe('plain,"a,b","say ""hi""",,12\r\n');
    expect(csvField('=SUM(A1)')).toBe("'=SUM(A1)");
    expect(unescapeFormula("'=SUM(A1)")).toBe('=SUM(A1)');
    expect(unescapeFormula("'plain")).toBe("'plain");
  });
});

describe('product CSV', () => {
  it('round-trips a product through a line of the file', () => {
    const source = {
      name: 'Milo, "the" drink',
      description: 'Line\nbreak',
      category: 'Beverages',
      barcode: '6034000123456',
      sku: 'MILO-1',
      price: 5550,
      cost_price: 4000,
      tax_rate: 12.5,
      stock_quantity: 24,
      min_stock_level: 6,
      image_url: null,
    };
    const parsed = parseProductCsv(productCsvHeader() + productCsvLine(source));
    expect(parsed.fileErrors).toEqual([]);
    expect(parsed.rows[0]?.row).toEqual({ line: 2, ...source });
  });
  it('accepts ₵ and thousands separators in prices', () => {
    const parsed = parseProductCsv('name,price\nTV,"₵1,250.00"\n');
    expect(parsed.rows[0]?.row?.price).toBe(125_000);
  });
});

describe('barcodes drawn as bars', () => {
  it('has 107 Code 128 patterns of 11 modules (13 for stop)', () => {
    expect(CODE128_PATTERNS).toHaveLength(107);
    CODE128_PATTERNS.forEach((pattern, value) => {
      const modules = [...pattern].reduce((sum, width) => sum + Number(width), 0);
      expect(modules, `value ${value}`).toBe(value === 106 ? 13 : 11);
    });
  });
  it('encodes Code 128 set B with its checksum (start 104, stop)', () => {
    // "PJJ123C": 104 + 48·1 + 42·2 + 42·3 + 17·4 + 18·5 + 19·6 + 35·7 = 879; 879 mod 103 = 55.
    const symbol = encodeCode128('PJJ123C');
    expect(symbol.modules.length).toBe(9 * 11 + 13);
    const checksumModules = symbol.modules.slice(8 * 11, 9 * 11);
    expect(checksumModules).toBe('11101000110'); // value 55: widths 311321
    expect(symbol.modules.startsWith('11010010000')).toBe(true); // start B: 211214
    expect(symbol.modules.endsWith('1100011101011')).toBe(true); // stop: 2331112
  });
  it('uses set C for an even number of digits', () => {
    expect(encodeCode128('123456').modules.startsWith('11010011100')).toBe(true); // start C: 211232
  });
  it('encodes EAN-13 with guards in 95 modules', () => {
    const code = `603100000001${ean13CheckDigit('603100000001')}`;
    const symbol = encodeEan13(code);
    expect(symbol.modules).toHaveLength(95);
    expect(symbol.modules.slice(0, 3)).toBe('101');
    expect(symbol.modules.slice(45, 50)).toBe('01010');
    expect(symbol.modules.slice(-3)).toBe('101');
    // 4006381333931: a well-known EAN-13; its first left digit (0, parity L for lead 4) is 0001101.
    expect(encodeEan13('4006381333931').modules.slice(3, 10)).toBe('0001101');
  });
  it('chooses EAN-13 for valid retail codes and Code 128 for the rest', () => {
    expect(encodeBarcode('4006381333931')?.symbology).toBe('ean13');
    expect(encodeBarcode('4006381333932')?.symbology).toBe('code128');
    expect(encodeBarcode('SKU-1')?.symbology).toBe('code128');
    expect(encodeBarcode('é')).toBeNull();
    expect(barRuns('1101')).toEqual([
      { x: 0, width: 2 },
      { x: 3, width: 1 },
    ]);
  });
});

describe('label sheets', () => {
  it('repeats each product by its copies and cuts pages of 24', () => {
    const pages = layoutLabelSheets([
      { item: 'a', copies: 20 },
      { item: 'b', copies: 10 },
      { item: 'c', copies: 0 },
    ]);
    expect(LABELS_PER_SHEET).toBe(24);
    expect(pages.map((page) => page.length)).toEqual([24, 6]);
    expect(pages[1]).toEqual(['b', 'b', 'b', 'b', 'b', 'b']);
    expect(labelName('x'.repeat(60))).toHaveLength(48);
  });
});
