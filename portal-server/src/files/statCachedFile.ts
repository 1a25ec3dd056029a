import { readFile, stat } from 'node:fs/promises';

export type ReadResult<T> = { ok: true; value: T } | { ok: false; error: string };

/** A read, and whether it reflects a new state of the file (so a problem is logged once, not per request). */
export interface CachedRead<T> {
  result: ReadResult<T>;
  fresh: boolean;
}

/**
 * A file read and parsed again only when its stat changes (inode, size, mtime, ctime), like
 * RemotesFile: a re-staged or rebuilt file is seen on the next request, an unchanged one costs a stat.
 * A missing file is cached too, keyed by the error, so it is reported once until it appears.
 *
 * Reads that arrive while a stat is under way share its answer instead of each making their own
 * (under load most page loads then cost no stat at all; an async stat costs about as much CPU as
 * serving a cached page). What such a read sees is never older than a stat that had not finished
 * when it arrived; a read after the previous one finished always makes its own. Only the first of
 * them is told `fresh`, so a new state is still reported once.
 */
export class StatCachedFile<T> {
  private cached: { key: string; result: ReadResult<T> } | undefined;
  private pending: Promise<CachedRead<T>> | undefined;

  constructor(
    readonly file: string,
    /** Gets the file as UTF-8 text and as its bytes (to hash what was really read). */
    private readonly parse: (text: string, bytes: Buffer) => ReadResult<T>,
  ) {}

  async read(): Promise<CachedRead<T>> {
    if (this.pending) {
      const { result } = await this.pending;
      return { result, fresh: false };
    }
    const pending = this.readNow();
    this.pending = pending;
    try {
      return await pending;
    } finally {
      if (this.pending === pending) this.pending = undefined;
    }
  }

  private async readNow(): Promise<CachedRead<T>> {
    let key: string;
    try {
      const info = await stat(this.file, { bigint: true });
      key = info.isFile() ? `${info.ino}:${info.size}:${info.mtimeNs}:${info.ctimeNs}` : 'not-a-file';
    } catch (error) {
      key = `missing:${errorCode(error)}`;
    }
    if (this.cached?.key === key) return { result: this.cached.result, fresh: false };
    const result = await this.load(key);
    this.cached = { key, result };
    return { result, fresh: true };
  }

  private async load(key: string): Promise<ReadResult<T>> {
    if (key === 'not-a-file') return { ok: false, error: `${this.file} is not a file` };
    try {
      const bytes = await readFile(this.file);
      return this.parse(bytes.toString('utf8'), bytes);
    } catch (error) {
      return { ok: false, error: `cannot read ${this.file}: ${describeError(error)}` };
    }
  }
}

function errorCode(error: unknown): string {
  return error instanceof Error && 'code' in error ? String(error.code) : 'unknown';
}

export function describeError(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
