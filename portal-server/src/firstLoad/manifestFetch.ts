import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import { isInternalAddress } from './targetAddress.js';

export interface ManifestFetchOptions {
  timeoutMs: number;
  /** The most read of a body: the connection is closed at this many bytes. */
  maxBytes: number;
  /** Development: loopback and private targets (dev servers, tests) are allowed. */
  allowInternalTargets: boolean;
}

export type FetchedBytes = { ok: true; bytes: Buffer } | { ok: false; error: string };

class InternalTarget extends Error {
  override name = 'InternalTarget';
}

/**
 * A DNS lookup that refuses internal addresses: checked on the addresses the connection will use,
 * so a name that resolves elsewhere a second time (DNS rebinding) cannot slip past a check.
 */
const publicOnlyLookup: LookupFunction = (hostname, options, callback) => {
  dnsLookup(hostname, { ...options, all: true }, (error, addresses: LookupAddress[]) => {
    if (error) return callback(error, '', 4);
    const internal = addresses.find(({ address }) => isInternalAddress(address));
    if (internal || addresses.length === 0) {
      return callback(new InternalTarget(`${hostname} resolves to an internal address`), '', 4);
    }
    if (options.all) return (callback as unknown as (e: null, all: LookupAddress[]) => void)(null, addresses);
    const [first] = addresses as [LookupAddress];
    return callback(null, first.address, first.family);
  });
};

/**
 * GET one manifest: no redirect followed (a 3xx is a failure: the manifest must be where
 * remotes.json pins it), the body read up to `maxBytes` and the connection closed there, and,
 * outside development, no internal target (by address literal or by what the name resolves to).
 */
export function fetchManifestBytes(url: URL, options: ManifestFetchOptions): Promise<FetchedBytes> {
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    return Promise.resolve({ ok: false, error: `refused: ${url.protocol} URL` });
  }
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (!options.allowInternalTargets && isInternalAddressLiteral(host)) {
    return Promise.resolve({ ok: false, error: 'refused: internal address' });
  }
  return new Promise((resolve) => {
    const transport = url.protocol === 'https:' ? https : http;
    const request = transport.get(url, {
      headers: { accept: 'application/json' },
      signal: AbortSignal.timeout(options.timeoutMs),
      ...(options.allowInternalTargets ? {} : { lookup: publicOnlyLookup }),
    });
    request.on('error', (error) => {
      resolve({
        ok: false,
        error:
          error instanceof InternalTarget ? `refused: ${error.message}` : `fetch failed: ${error.message}`,
      });
    });
    request.on('response', (response) => {
      const status = response.statusCode ?? 0;
      if (status < 200 || status >= 300) {
        response.destroy();
        const redirect = status >= 300 && status < 400 ? ' (redirect not followed)' : '';
        return resolve({ ok: false, error: `HTTP ${status}${redirect}` });
      }
      const chunks: Buffer[] = [];
      let size = 0;
      response.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size > options.maxBytes) {
          // Stop reading: the rest is never downloaded.
          request.destroy();
          return resolve({ ok: false, error: `manifest too large (over ${options.maxBytes} bytes)` });
        }
        chunks.push(chunk);
      });
      response.on('end', () => resolve({ ok: true, bytes: Buffer.concat(chunks) }));
      response.on('error', (error) => resolve({ ok: false, error: `fetch failed: ${error.message}` }));
    });
  });
}

/** An IP literal host that is internal (a name is checked when it is resolved). */
function isInternalAddressLiteral(host: string): boolean {
  return isIP(host) !== 0 && isInternalAddress(host);
}
