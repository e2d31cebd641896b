// The camera's barcode reader: the browser's own BarcodeDetector where it has one for our formats, else the
// zxing-wasm polyfill. The polyfill's .wasm would be fetched from a CDN by default; the till must scan
// offline and reach nothing outside, so the file is served from our own build (a hashed, cached asset).

/** operations §9 readers: EAN-13, UPC-A, EAN-8, UPC-E, Code 128, Code 39, interleaved 2 of 5, Codabar. */
export const SCAN_FORMATS = [
  'ean_13',
  'upc_a',
  'ean_8',
  'upc_e',
  'code_128',
  'code_39',
  'itf',
  'codabar',
] as const;

export type Detector = { detect(source: HTMLVideoElement): Promise<{ rawValue: string }[]> };

type DetectorClass = {
  new (options: { formats: string[] }): Detector;
  getSupportedFormats(): Promise<readonly string[]>;
};

async function nativeDetector(): Promise<Detector | null> {
  const Native = (globalThis as { BarcodeDetector?: DetectorClass }).BarcodeDetector;
  if (!Native) return null;
  try {
    const supported = await Native.getSupportedFormats();
    const formats = SCAN_FORMATS.filter((format) => supported.includes(format));
    return formats.length > 0 ? new Native({ formats }) : null;
  } catch {
    return null;
  }
}

export async function createDetector(): Promise<Detector> {
  const native = await nativeDetector();
  if (native) return native;
  const [{ BarcodeDetector, setZXingModuleOverrides }, { default: wasmUrl }] = await Promise.all([
    import('barcode-detector/ponyfill'),
    import('zxing-wasm/reader/zxing_reader.wasm?url'),
  ]);
  setZXingModuleOverrides({
    locateFile: (path: string, prefix: string) => (path.endsWith('.wasm') ? wasmUrl : prefix + path),
  });
  return new BarcodeDetector({ formats: [...SCAN_FORMATS] });
}
