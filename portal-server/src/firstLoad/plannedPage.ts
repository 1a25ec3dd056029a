import type { MergedContributions } from '@portal/contributions/merge';
import { type BodyEncoding, compressAs, negotiateEncoding } from '../http/htmlCompression.js';

export interface EncodedBody {
  body: Buffer;
  encoding: BodyEncoding | undefined;
}

/**
 * One planned index.html, the same for every page load of its key (pageCache.ts): the HTML, the
 * contributions it hands out, and its body in each encoding, compressed once on first use.
 * Nothing of one request is in it: the canary cookie, the security headers and the cache policy
 * are added per response.
 */
export class PlannedPage {
  readonly html: Buffer;
  private readonly encoded = new Map<BodyEncoding | undefined, Promise<EncodedBody>>();

  constructor(
    html: string,
    /** The merged contributions the page's bootstrap block carries (undefined: served as built). */
    readonly contributions: MergedContributions | undefined,
    /** The CSP sources ('sha256-…') of the <style> elements the page carries, for its policy. */
    readonly styleHashes: readonly string[] = [],
  ) {
    this.html = Buffer.from(html);
  }

  /** The body for an Accept-Encoding header: brotli, gzip or none, as negotiateEncoding chooses. */
  body(acceptEncoding: string | undefined): Promise<EncodedBody> {
    const encoding = negotiateEncoding(acceptEncoding);
    let encoded = this.encoded.get(encoding);
    if (!encoded) {
      encoded = compressAs(this.html, encoding);
      this.encoded.set(encoding, encoded);
      // A failure is not kept: the next request tries again.
      encoded.catch(() => this.encoded.delete(encoding));
    }
    return encoded;
  }
}
