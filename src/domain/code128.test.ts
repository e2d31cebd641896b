import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { beforeAll, describe, expect, it } from 'vitest';
import { readBarcodes, setZXingModuleOverrides } from 'zxing-wasm/reader';
import { canEncodeCode128, code128Bars, code128Symbols, encodeCode128 } from './code128.ts';

// The proof that the bars are right: an independent decoder (zxing-cpp, the one the till's camera scanner
// uses) reads them back. Its wasm comes from node_modules, never from the network.
beforeAll(() => {
  const wasmPath = createRequire(import.meta.url).resolve('zxing-wasm/reader/zxing_reader.wasm');
  setZXingModuleOverrides({ wasmBinary: readFileSync(wasmPath).buffer as ArrayBuffer });
});

/** A greyscale PGM image of the barcode with quiet zones, which zxing reads like any image file. */
function barcodeImage(text: string, scale = 2): Uint8Array {
  const { bars, width } = code128Bars(text);
  const quiet = 10;
  const imageWidth = (width + 2 * quiet) * scale;
  const height = 40;
  const pixels = new Uint8Array(imageWidth * height).fill(255);
  for (const [x, barWidth] of bars) {
    for (let row = 0; row < height; row++) {
      pixels.fill(
        0,
        row * imageWidth + (quiet + x) * scale,
        row * imageWidth + (quiet + x + barWidth) * scale,
      );
    }
  }
  const header = new TextEncoder().encode(`P5\n${imageWidth} ${height}\n255\n`);
  const image = new Uint8Array(header.length + pixels.length);
  image.set(header);
  image.set(pixels, header.length);
  return image;
}

async function decode(text: string): Promise<string[]> {
  const results = await readBarcodes(barcodeImage(text), { formats: ['Code128'] });
  return results.map((result) => result.text);
}

describe('Code 128', () => {
  it.each([
    'RCP-1732212345678-ABCDEF',
    'REF-1732212345678-Q7WZ2K',
    '123456',
    '1234567',
    'A1',
    'ab12345c',
    'x 12345678 y',
    'Total ~ C',
  ])('encodes %j so that a decoder reads it back exactly', async (text) => {
    expect(await decode(text)).toEqual([text]);
  });

  it('uses code set C for the digits of a receipt number (shorter than set B)', () => {
    const symbols = code128Symbols('RCP-1732212345678-ABCDEF');
    // R C P - 1 | C-switch 73 22 12 34 56 78 | B-switch - A B C D E F | check
    const data = [104, 50, 35, 48, 13, 17, 99, 73, 22, 12, 34, 56, 78, 100, 13, 33, 34, 35, 36, 37, 38];
    expect(symbols.slice(0, -1)).toEqual(data);
    expect(symbols).toHaveLength(22); // set B alone would take 25
  });

  it('starts in code set C for an all-digit text of even length', () => {
    expect(code128Symbols('123456')).toEqual([105, 12, 34, 56, (105 + 12 + 2 * 34 + 3 * 56) % 103]);
  });

  it('computes the mod-103 check symbol over the start and weighted symbols', () => {
    // The classic example: "PJJ123C" in set B.
    const symbols = code128Symbols('PJJ123C');
    const values = [104, 48, 42, 42, 17, 18, 19, 35];
    expect(symbols.slice(0, -1)).toEqual(values);
    const check = values.reduce((sum, value, index) => sum + value * Math.max(1, index), 0) % 103;
    expect(symbols.at(-1)).toBe(check);
  });

  it('draws 11 modules per symbol and 13 for the stop, starting and ending with a bar', () => {
    const widths = encodeCode128('ABC');
    // start + 3 data + check = 5 symbols of 6 elements, stop of 7
    expect(widths).toHaveLength(5 * 6 + 7);
    expect(widths.reduce((sum, width) => sum + width, 0)).toBe(5 * 11 + 13);
    const { bars, width } = code128Bars('ABC');
    expect(bars).toHaveLength((widths.length + 1) / 2);
    expect(width).toBe(68);
    expect(bars[0]).toEqual([0, 2]);
  });

  it('refuses text it cannot carry', () => {
    expect(canEncodeCode128('')).toBe(false);
    expect(canEncodeCode128('₵12')).toBe(false);
    expect(canEncodeCode128('line\nbreak')).toBe(false);
    expect(() => code128Symbols('₵12')).toThrow(RangeError);
  });
});
