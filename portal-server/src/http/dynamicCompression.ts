import { constants } from 'node:zlib';
import fastifyCompress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

/** Below this a compressed reply saves less than the encoding costs (and often grows). */
export const COMPRESSION_THRESHOLD_BYTES = 1024;

/**
 * Brotli quality for replies compressed per request: 4 gets most of brotli's gain over gzip at a
 * fraction of the CPU of the default 11 (static files are precompressed at build time at full quality).
 */
export const DYNAMIC_BROTLI_QUALITY = 4;

/**
 * Compresses the dynamic replies of the routes registered in `scope` (JSON, proxied replies). The
 * static file routes are deliberately outside that scope: they serve the build's precompressed
 * siblings, and compressing immutable files again on every request would only cost CPU.
 * A reply that already has Content-Encoding (a proxied reply the SSO encoded) is left as it is.
 */
export async function registerDynamicCompression(scope: FastifyInstance): Promise<void> {
  await scope.register(fastifyCompress, {
    globalCompression: true,
    // Request bodies stay as sent: the proxy streams them to the SSO untouched, as before.
    globalDecompression: false,
    encodings: ['br', 'gzip'],
    threshold: COMPRESSION_THRESHOLD_BYTES,
    brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: DYNAMIC_BROTLI_QUALITY } },
  });
}
