// Code 128 (ISO/IEC 15417), the barcode printed under a receipt number so a scanner can read it back.
// Text is encoded in code set B (printable ASCII) and switches to code set C (two digits per symbol) for
// runs of digits long enough to make the barcode shorter: a receipt number's 13-digit timestamp takes
// seven symbols instead of thirteen, which keeps it readable on 58 mm paper.

/** Bar and space widths (in modules) of the 107 symbols, by symbol value; 106 is the stop pattern. */
// biome-ignore format: a table reads best in rows of ten
export const CODE128_PATTERNS: readonly string[] = [
  '212222', '222122', '222221', '121223', '121322', '131222', '122213', '122312', '132212', '221213',
  '221312', '231212', '112232', '122132', '122231', '113222', '123122', '123221', '223211', '221132',
  '221231', '213212', '223112', '312131', '311222', '321122', '321221', '312212', '322112', '322211',
  '212123', '212321', '232121', '111323', '131123', '131321', '112313', '132113', '132311', '211313',
  '231113', '231311', '112133', '112331', '132131', '113123', '113321', '133121', '313121', '211331',
  '231131', '213113', '213311', '213131', '311123', '311321', '331121', '312113', '312311', '332111',
  '314111', '221411', '431111', '111224', '111422', '121124', '121421', '141122', '141221', '112214',
  '112412', '122114', '122411', '142112', '142211', '241211', '221114', '413111', '241112', '134111',
  '111242', '121142', '121241', '114212', '124112', '124211', '411212', '421112', '421211', '212141',
  '214121', '412121', '111143', '111341', '131141', '114113', '114311', '411113', '411311', '113141',
  '114131', '311141', '411131', '211412', '211214', '211232', '2331112',
];

const START_B = 104;
const START_C = 105;
const SWITCH_TO_C = 99;
const SWITCH_TO_B = 100;
const STOP = 106;

/** Characters code set B can carry: printable ASCII, space to tilde. */
export function canEncodeCode128(text: string): boolean {
  return text.length > 0 && /^[\x20-\x7e]+$/.test(text);
}

function digitRunAt(text: string, index: number): number {
  let end = index;
  while (end < text.length && text.charCodeAt(end) >= 48 && text.charCodeAt(end) <= 57) end++;
  return end - index;
}

/**
 * The symbol values of `text`, start and check symbols included, stop excluded. Code set C pays off for
 * 4+ digits at the start or end of the text and 6+ digits in the middle (each switch costs a symbol).
 */
export function code128Symbols(text: string): number[] {
  if (!canEncodeCode128(text)) throw new RangeError('Code 128 here encodes printable ASCII text only');
  const symbols: number[] = [];
  let set: 'B' | 'C';
  let index = 0;
  const leadingDigits = digitRunAt(text, 0);
  if (leadingDigits >= 4 || (leadingDigits === text.length && leadingDigits % 2 === 0)) {
    set = 'C';
    symbols.push(START_C);
  } else {
    set = 'B';
    symbols.push(START_B);
  }
  while (index < text.length) {
    const run = digitRunAt(text, index);
    if (set === 'C') {
      if (run >= 2) {
        symbols.push(Number(text.slice(index, index + 2)));
        index += 2;
        continue;
      }
      symbols.push(SWITCH_TO_B);
      set = 'B';
    }
    const reachesEnd = index + run === text.length;
    if (run >= 6 || (reachesEnd && run >= 4)) {
      // An odd run keeps its first digit in set B so the rest pairs up exactly.
      if (run % 2 === 1) {
        symbols.push(text.charCodeAt(index) - 32);
        index++;
      }
      symbols.push(SWITCH_TO_C);
      set = 'C';
      continue;
    }
    symbols.push(text.charCodeAt(index) - 32);
    index++;
  }
  const weighted = symbols.reduce((sum, value, position) => sum + value * Math.max(1, position), 0);
  symbols.push(weighted % 103);
  return symbols;
}

/**
 * The barcode as alternating bar and space widths in modules, starting with a bar and ending with the
 * stop pattern's final bar; quiet zones are the drawer's business.
 */
export function encodeCode128(text: string): number[] {
  return [...code128Symbols(text), STOP].flatMap((value) => [...CODE128_PATTERNS[value]!].map(Number));
}

/** The bars as [x, width] pairs in modules, which is what an SVG or canvas drawing needs. */
export function code128Bars(text: string): { bars: [number, number][]; width: number } {
  const widths = encodeCode128(text);
  const bars: [number, number][] = [];
  let x = 0;
  widths.forEach((width, index) => {
    if (index % 2 === 0) bars.push([x, width]);
    x += width;
  });
  return { bars, width: x };
}
