// Writes a brotli (.br) and a gzip (.gz) copy beside every text file of the built web app, so that the
// server sends compressed bytes without compressing on each request (brotli at its best level is far too
// slow to run per request, and a phone on 3G pays for every byte).
import { readdirSync, readFileSync, statSync, unlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { COMPRESSIBLE } from '../src/server/http/compressible.ts';

/**
 * Compresses every compressible file under `dir` (recursively) into `file.br` and `file.gz`; a copy that
 * would not be smaller than the original is not written, so the server sends the original instead.
 * Returns the number of files written.
 */
export function precompressDir(dir: string): number {
  let written = 0;
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    const stat = statSync(path);
    if (stat.isDirectory()) {
      written += precompressDir(path);
      continue;
    }
    if (!COMPRESSIBLE.test(name)) continue;
    const bytes = readFileSync(path);
    const copies: [string, Buffer][] = [
      [
        '.br',
        brotliCompressSync(bytes, {
          params: {
            [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
            [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
            [constants.BROTLI_PARAM_MODE]: name.endsWith('.wasm')
              ? constants.BROTLI_MODE_GENERIC
              : constants.BROTLI_MODE_TEXT,
          },
        }),
      ],
      ['.gz', gzipSync(bytes, { level: 9 })],
    ];
    for (const [extension, compressed] of copies) {
      if (compressed.length < bytes.length) {
        writeFileSync(path + extension, compressed);
        written++;
      } else {
        // A stale copy from an earlier build would be served in place of the new file.
        try {
          unlinkSync(path + extension);
        } catch {
          // None there.
        }
      }
    }
  }
  return written;
}
