import type { IncomingMessage } from 'node:http';
import { brotliDecompressSync, gunzipSync, inflateSync } from 'node:zlib';

/** Proxied replies are read whole (to take refresh tokens out); the spec's replies are a few KB. */
export const MAX_PROXIED_REPLY_BYTES = 1024 * 1024;

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

const DECODERS: Record<string, (body: Buffer) => Buffer> = {
  gzip: gunzipSync,
  'x-gzip': gunzipSync,
  deflate: inflateSync,
  br: brotliDecompressSync,
};

export type ReplyContent =
  | { kind: 'object'; value: Record<string, unknown> }
  /** Not a JSON object: nothing in it for the browser's client to read as a token. */
  | { kind: 'other' }
  /** An encoding this server cannot read: refused, since it could hide a token. */
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
