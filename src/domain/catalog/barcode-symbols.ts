import { isValidEan13 } from '../barcode.ts';
import { canEncodeCode128, encodeCode128 as encodeCode128Widths } from '../code128.ts';

// Barcodes drawn as bars for printed labels: EAN-13 for retail codes with a valid check digit, Code 128 for
// anything else a shop types (SKUs, in-house codes). A symbol is a string of modules: '1' bar, '0' space.

export type BarcodeSymbol = { symbology: 'ean13' | 'code128'; modules: string; text: string };

// ---- EAN-13 (GS1 General Specifications §5.2.1) ----

const EAN_L = [
  '0001101',
  '0011001',
  '0010011',
  '0111101',
  '0100011',
  '0110001',
  '0101111',
  '0111011',
  '0110111',
  '0001011',
];
// R is L with bars and spaces swapped; G is R read backwards.
const EAN_R = EAN_L.map((code) => [...code].map((bit) => (bit === '1' ? '0' : '1')).join(''));
const EAN_G = EAN_R.map((code) => [...code].reverse().join(''));
// Which of L or G encodes each left-hand digit, chosen by the first digit (which has no bars of its own).
const EAN_PARITY = [
  'LLLLLL',
  'LLGLGG',
  'LLGGLG',
  'LLGGGL',
  'LGLLGG',
  'LGGLLG',
  'LGGGLL',
  'LGLGLG',
  'LGLGGL',
  'LGGLGL',
];

export function encodeEan13(code: string): BarcodeSymbol {
  if (!isValidEan13(code)) throw new Error('Not a valid EAN-13 code');
  const digits = [...code].map(Number);
  const parity = EAN_PARITY[digits[0]!]!;
  let modules = '101';
  for (let i = 1; i <= 6; i++) modules += (parity[i - 1] === 'L' ? EAN_L : EAN_G)[digits[i]!]!;
  modules += '01010';
  for (let i = 7; i <= 12; i++) modules += EAN_R[digits[i]!]!;
  modules += '101';
  return { symbology: 'ean13', modules, text: code };
}

// ---- Code 128: the encoder the receipts use (src/domain/code128.ts), as modules ----

export function encodeCode128(text: string): BarcodeSymbol {
  let modules = '';
  encodeCode128Widths(text).forEach((width, index) => {
    modules += (index % 2 === 0 ? '1' : '0').repeat(width);
  });
  return { symbology: 'code128', modules, text };
}

/** The symbol for a product code: EAN-13 when it is one, Code 128 otherwise; null when it cannot be drawn. */
export function encodeBarcode(code: string): BarcodeSymbol | null {
  if (isValidEan13(code)) return encodeEan13(code);
  if (canEncodeCode128(code)) return encodeCode128(code);
  return null;
}

/** The bars of a symbol as [start, width] runs in modules, ready to draw as rectangles. */
export function barRuns(modules: string): { x: number; width: number }[] {
  const runs: { x: number; width: number }[] = [];
  for (let i = 0; i < modules.length; i++) {
    if (modules[i] !== '1') continue;
    const last = runs.at(-1);
    if (last && last.x + last.width === i) last.width++;
    else runs.push({ x: i, width: 1 });
  }
  return runs;
}
