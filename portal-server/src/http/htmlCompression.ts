import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { COMPRESSION_THRESHOLD_BYTES, DYNAMIC_BROTLI_QUALITY } from './dynamicCompression.js';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

export type BodyEncoding = 'br' | 'gzip';

/**
 * The encoding to use for an Accept-Encoding header: brotli if acceptable, else gzip, else none.
 * q=0 refuses an encoding; `*` stands for any encoding not named.
 */
export function negotiateEncoding(acceptEncoding: string | undefined): BodyEncoding | undefined {
  if (!acceptEncoding) return undefined;
  const weights = new Map<string, number>();
  for (const part of acceptEncoding.toLowerCase().split(',')) {
    const [token = '', ...params] = part.split(';').map((piece) => piece.trim());
    if (token === '') continue;
    const q = params.find((param) => param.startsWith('q='));
    const weight = q === undefined ? 1 : Number.parseFloat(q.slice(2));
    weights.set(token, Number.isFinite(weight) ? weight : 0);
  }
  const weightOf = (encoding: BodyEncoding) => weights.get(encoding) ?? weights.get('*') ?? 0;
  if (weightOf('br') > 0 && weightOf('br') >= weightOf('gzip')) return 'br';
  if (weightOf('gzip') > 0) return 'gzip';
  return undefined;
}

/**
 * The rendered page in `encoding` (none: as it is). It is answered from the root routes and the
 * not-found handler, which sit outside the @fastify/compress scope, so it is compressed here with
 * the same rules (threshold, moderate brotli quality); a body under the threshold never is.
 */
export async function compressAs(
  body: Buffer,
  encoding: BodyEncoding | undefined,
): Promise<{ body: Buffer; encoding: BodyEncoding | undefined }> {
  if (encoding === undefined || body.length < COMPRESSION_THRESHOLD_BYTES)
    return { body, encoding: undefined };
  const compressed =
    encoding === 'br'
      ? await brotli(body, {
          params: {
            [constants.BROTLI_PARAM_QUALITY]: DYNAMIC_BROTLI_QUALITY,
            [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
            [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
          },
        })
      : await gzipAsync(body, { level: 6 });
  return { body: compressed, encoding };
}
