import type { IncomingMessage } from 'node:http';
import { brotliDecompressSync, gunzipSync, inflateSync } from 'node:zlib';

export class ReplyTooLarge extends Error {
  override name = 'ReplyTooLarge';
}

/** Reads a reply body up to `limit` bytes; larger → ReplyTooLarge. */
export async function readReply(response: IncomingMessage, limit: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of response) {
    size += (chunk as Buffer).length;
    if (size > limit) {
      response.destroy();
      throw new ReplyTooLarge(`reply over ${limit} bytes`);
    }
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

/**
 * The most a reply may decode to: the same cap as its encoded size, so a few KB of gzip cannot
 * expand into gigabytes in this process (zlib stops at maxOutputLength and throws).
 */
const MAX_DECODED_REPLY_BYTES = 1024 * 1024;

const DECODERS: Record<string, (body: Buffer) => Buffer> = {
  gzip: (body) => gunzipSync(body, { maxOutputLength: MAX_DECODED_REPLY_BYTES }),
  'x-gzip': (body) => gunzipSync(body, { maxOutputLength: MAX_DECODED_REPLY_BYTES }),
  deflate: (body) => inflateSync(body, { maxOutputLength: MAX_DECODED_REPLY_BYTES }),
  br: (body) => brotliDecompressSync(body, { maxOutputLength: MAX_DECODED_REPLY_BYTES }),
};

export type ReplyContent =
  | { kind: 'object'; value: Record<string, unknown> }
  /** Not a JSON object: nothing in it for the browser's client to read as a token. */
  | { kind: 'other' }
  /**
   * An encoding this server cannot read, a corrupt body, or one that decodes to more than
   * MAX_DECODED_REPLY_BYTES: refused, since it could hide a token.
   */
  | { kind: 'unreadable' };

/**
 * What a reply body holds (decoded from its Content-Encoding first), so that a refresh token in
 * a JSON object can be taken out.
 */
export function replyContent(body: Buffer, contentEncoding: string | undefined): ReplyContent {
  let plain = body;
  const encoding = (contentEncoding ?? 'identity').trim().toLowerCase();
  if (encoding !== 'identity' && encoding !== '') {
    const decode = DECODERS[encoding];
    if (!decode) return { kind: 'unreadable' };
    try {
      plain = decode(body);
    } catch {
      return { kind: 'unreadable' };
    }
  }
  try {
    const json: unknown = JSON.parse(plain.toString('utf8'));
    return json !== null && typeof json === 'object' && !Array.isArray(json)
      ? { kind: 'object', value: json as Record<string, unknown> }
      : { kind: 'other' };
  } catch {
    return { kind: 'other' };
  }
}
