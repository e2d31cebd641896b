import { isValidEan13 } from '../barcode.ts';

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

// ---- Code 128 (ISO/IEC 15417) ----

/** Element widths (bar, space, bar, …) of symbol values 0–105, then the stop pattern (106). */
export const CODE128_PATTERNS: readonly string[] = [
  '212222',
  '222122',
  '222221',
  '121223',
  '121322',
  '131222',
  '122213',
  '122312',
  '132212',
  '221213',
  '221312',
  '231212',
  '112232',
  '122132',
  '122231',
  '113222',
  '123122',
  '123221',
  '223211',
  '221132',
  '221231',
  '213212',
  '223112',
  '312131',
  '311222',
  '321122',
  '321221',
  '312212',
  '322112',
  '322211',
  '212123',
  '212321',
  '232121',
  '111323',
  '131123',
  '131321',
  '112313',
  '132113',
  '132311',
  '211313',
  '231113',
  '231311',
  '112133',
  '112331',
  '132131',
  '113123',
  '113321',
  '133121',
  '313121',
  '211331',
  '231131',
  '213113',
  '213311',
  '213131',
  '311123',
  '311321',
  '331121',
  '312113',
  '312311',
  '332111',
  '314111',
  '221411',
  '431111',
  '111224',
  '111422',
  '121124',
  '121421',
  '141122',
  '141221',
  '112214',
  '112412',
  '122114',
  '122411',
  '142112',
  '142211',
  '241211',
  '221114',
  '413111',
  '241112',
  '134111',
  '111242',
  '121142',
  '121241',
  '114212',
  '124112',
  '124211',
  '411212',
  '421112',
  '421211',
  '212141',
  '214121',
  '412121',
  '111143',
  '111341',
  '131141',
  '114113',
  '114311',
  '411113',
  '411311',
  '113141',
  '114131',
  '311141',
  '411131',
  '211412',
  '211214',
  '211232',
  '2331112',
];
const START_B = 104;
const START_C = 105;
const STOP = 106;

export function isCode128Encodable(text: string): boolean {
  return text.length > 0 && /^[\x20-\x7E]+$/.test(text);
}

/**
 * Code set C (digit pairs, half as wide) when the text is an even number of digits, else set B (printable
 * ASCII). The checksum is the start value plus each value times its position, modulo 103.
 */
export function encodeCode128(text: string): BarcodeSymbol {
  if (!isCode128Encodable(text)) throw new Error('Code 128 set B encodes printable ASCII only');
  const useC = /^\d+$/.test(text) && text.length % 2 === 0;
  const values = useC
    ? [START_C, ...Array.from({ length: text.length / 2 }, (_, i) => Number(text.slice(i * 2, i * 2 + 2)))]
    : [START_B, ...[...text].map((char) => char.charCodeAt(0) - 32)];
  const checksum = values.reduce((sum, value, index) => sum + value * Math.max(index, 1), 0) % 103;
  let modules = '';
  for (const value of [...values, checksum, STOP]) modules += widthsToModules(CODE128_PATTERNS[value]!);
  return { symbology: 'code128', modules, text };
}

function widthsToModules(widths: string): string {
  let modules = '';
  [...widths].forEach((width, index) => {
    modules += (index % 2 === 0 ? '1' : '0').repeat(Number(width));
  });
  return modules;
}

/** The symbol for a product code: EAN-13 when it is one, Code 128 otherwise; null when it cannot be drawn. */
export function encodeBarcode(code: string): BarcodeSymbol | null {
  if (isValidEan13(code)) return encodeEan13(code);
  if (isCode128Encodable(code)) return encodeCode128(code);
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
