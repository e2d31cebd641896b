import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { App } from './types.ts';

export type Encoding = 'br' | 'gzip';

/**
 * The best encoding the client accepts among brotli and gzip, by its q-values (RFC 9110 §12.5.3);
 * `*` stands for either; undefined when it accepts neither (the body is then sent as it is).
 */
export function pickEncoding(acceptEncoding: string | undefined): Encoding | undefined {
  if (!acceptEncoding) return undefined;
  const weights = new Map<string, number>();
  for (const part of acceptEncoding.toLowerCase().split(',')) {
    const [token = '', ...params] = part.trim().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const weight = q ? Number(q.slice(2)) : 1;
    weights.set(token.trim(), Number.isFinite(weight) ? weight : 0);
  }
  const weightOf = (name: Encoding) => weights.get(name) ?? weights.get('*') ?? 0;
  const br = weightOf('br');
  const gzip = weightOf('gzip');
  if (br > 0 && br >= gzip) return 'br';
  if (gzip > 0) return 'gzip';
  return undefined;
}

/** Below this an answer fits in one or two TCP segments anyway; compressing it saves no round trip. */
export const MIN_COMPRESSED_BYTES = 1024;

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

// Quality 4 and level 6: a 20 kB product page compresses in well under a millisecond to about a fifth of
// its size; the higher levels spend several times the CPU for a few per cent more.
const compressors: Record<Encoding, (body: Buffer) => Promise<Buffer>> = {
  br: (body) =>
    brotli(body, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: 4,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
      },
    }),
  gzip: (body) => gzipAsync(body, { level: 6 }),
};

function addVary(current: unknown, name: string): string {
  const values = String(current ?? '')
    .split(',')
    .map((value) => value.trim())
    .filter(Boolean);
  return values.some((value) => value.toLowerCase() === name.toLowerCase() || value === '*')
    ? values.join(', ')
    : [...values, name].join(', ');
}

/**
 * The API's JSON answers to reads, compressed by the request's Accept-Encoding: a till's first product page
 * and its catalog copy are 15–25 kB of JSON that shrink five-fold, and on a 400 kbit/s line every 10 kB is
 * a fifth of a second before the first product shows.
 *
 * Only answers to GET: a write's answer can hold what the request sent next to what it did not (a PIN
 * reset, a sign-in's staff), the shape a length-guessing attack on compression (BREACH) needs; a read
 * answers with the business's own data. The pages and built files are compressed at build time (spa.ts).
 */
export function registerAnswerCompression(app: App): void {
  app.addHook('onSend', async (request, reply, payload) => {
    if (request.method !== 'GET' || reply.hasHeader('content-encoding')) return payload;
    if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return payload;
    if (!String(reply.getHeader('content-type') ?? '').startsWith('application/json')) return payload;
    // Measured without copying: most answers go out as they are (a client that asks for no encoding).
    const size = typeof payload === 'string' ? Buffer.byteLength(payload) : payload.length;
    if (size < MIN_COMPRESSED_BYTES) return payload;
    reply.header('vary', addVary(reply.getHeader('vary'), 'Accept-Encoding'));
    const encoding = pickEncoding(request.headers['accept-encoding']);
    if (!encoding) return payload;
    const body = typeof payload === 'string' ? Buffer.from(payload) : payload;
    const compressed = await compressors[encoding](body);
    reply.header('content-encoding', encoding);
    reply.removeHeader('content-length');
    return compressed;
  });
}
