import type { IncomingMessage } from 'node:http';
import { brotliDecompressSync, gunzipSync, inflateSync } from 'node:zlib';
import { ReplyTooLarge, readReply } from './replyTokens.js';

/**
 * The most an SSO reply passed through this server may be, in bytes: the browser's own limit
 * (`@portal/shared` REPLY_LIMITS.bodyBytes, docs/contracts.md "Reply size limits"), so a reply the
 * page would refuse is refused here first, before it is read whole, decoded or searched for tokens.
 */
export const PROXIED_REPLY_CAP_BYTES = 256 * 1024;

/**
 * The deepest nesting of a JSON reply passed through (the browser's REPLY_LIMITS.depth): a reply
 * nested thousands deep would exhaust the stack of this process when it is parsed and written again.
 */
export const PROXIED_REPLY_MAX_DEPTH = 32;

const DECODERS: Record<string, (body: Buffer) => Buffer> = {
  gzip: (body) => gunzipSync(body, { maxOutputLength: PROXIED_REPLY_CAP_BYTES }),
  'x-gzip': (body) => gunzipSync(body, { maxOutputLength: PROXIED_REPLY_CAP_BYTES }),
  deflate: (body) => inflateSync(body, { maxOutputLength: PROXIED_REPLY_CAP_BYTES }),
  br: (body) => brotliDecompressSync(body, { maxOutputLength: PROXIED_REPLY_CAP_BYTES }),
};

/** The body as it will be read, or undefined when it cannot be decoded (replyContent refuses those). */
function plainBody(body: Buffer, contentEncoding: string | undefined): Buffer | undefined {
  const encoding = (contentEncoding ?? 'identity').trim().toLowerCase();
  if (encoding === 'identity' || encoding === '') return body;
  try {
    return DECODERS[encoding]?.(body);
  } catch {
    return undefined;
  }
}

/** Whether a body that reads as JSON (an object or a list) nests deeper than `limit`. */
export function nestedDeeper(body: Buffer, limit: number = PROXIED_REPLY_MAX_DEPTH): boolean {
  const text = body.toString('utf8');
  const first = text.trimStart()[0];
  if (first !== '{' && first !== '[') return false;
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i += 1) {
    const char = text.charCodeAt(i);
    if (inString) {
      if (char === 0x5c) i += 1;
      else if (char === 0x22) inString = false;
    } else if (char === 0x22) inString = true;
    else if (char === 0x7b || char === 0x5b) {
      depth += 1;
      if (depth > limit) return true;
    } else if (char === 0x7d || char === 0x5d) depth -= 1;
  }
  return false;
}

/**
 * A proxied reply, read whole up to the cap; a larger declared or actual size, or a JSON body
 * nested deeper than PROXIED_REPLY_MAX_DEPTH → ReplyTooLarge (the proxy answers 502).
 */
export async function readCappedReply(response: IncomingMessage): Promise<Buffer> {
  const declared = Number(response.headers['content-length']);
  if (Number.isFinite(declared) && declared > PROXIED_REPLY_CAP_BYTES) {
    response.destroy();
    throw new ReplyTooLarge(`reply declares ${declared} bytes, over ${PROXIED_REPLY_CAP_BYTES}`);
  }
  const body = await readReply(response, PROXIED_REPLY_CAP_BYTES);
  const plain = plainBody(body, response.headers['content-encoding']);
  if (plain && nestedDeeper(plain))
    throw new ReplyTooLarge(`reply nested deeper than ${PROXIED_REPLY_MAX_DEPTH}`);
  return body;
}

/** The same cap for a reply read with fetch (the token endpoint's): a larger one throws ReplyTooLarge. */
export async function readCappedText(response: Response): Promise<string> {
  const declared = Number(response.headers.get('content-length') ?? Number.NaN);
  if (Number.isFinite(declared) && declared > PROXIED_REPLY_CAP_BYTES) {
    await response.body?.cancel().catch(() => undefined);
    throw new ReplyTooLarge(`reply declares ${declared} bytes, over ${PROXIED_REPLY_CAP_BYTES}`);
  }
  const text = await response.text();
  if (Buffer.byteLength(text) > PROXIED_REPLY_CAP_BYTES)
    throw new ReplyTooLarge(`reply over ${PROXIED_REPLY_CAP_BYTES} bytes`);
  if (nestedDeeper(Buffer.from(text)))
    throw new ReplyTooLarge(`reply nested deeper than ${PROXIED_REPLY_MAX_DEPTH}`);
  return text;
}
