import { randomBytes } from 'node:crypto';
import { linkSync, readFileSync, statSync, unlinkSync, writeFileSync } from 'node:fs';
import * as v from 'valibot';

/** Who holds a lock: written into the lock file when it is created, never changed. */
const LockOwnerSchema = v.object({
  pid: v.pipe(v.number(), v.integer(), v.minValue(1)),
  host: v.pipe(v.string(), v.minLength(1)),
  /** When it was taken (ISO 8601). */
  at: v.pipe(v.string(), v.isoTimestamp()),
  /** What holds it (`promote remote_factors 1.0.0-0f17e3a500`). */
  command: v.string(),
  /** Tells this holder from any later one, even with the same pid on the same host. */
  token: v.pipe(v.string(), v.minLength(8)),
});
export type LockOwner = v.InferOutput<typeof LockOwnerSchema>;

/** A lock file as found: its owner when it reads as one, and its modification time. */
export interface Holder {
  owner: LockOwner | undefined;
  modified: Date;
}

const errorCode = (error: unknown): string | undefined =>
  error instanceof Error && 'code' in error && typeof error.code === 'string' ? error.code : undefined;

/**
 * Creates `file` holding `owner`, or returns false when it exists. The owner is written to a
 * file of its own first and then hard-linked to `file`: link() either creates the name with the
 * whole content or fails, on a local disk and on NFS alike, so no reader ever meets a half-written
 * lock (which `open(O_EXCL)` followed by a write would show).
 */
export function createExclusive(file: string, owner: LockOwner): boolean {
  const draft = `${file}.${randomBytes(6).toString('hex')}.tmp`;
  writeFileSync(draft, `${JSON.stringify(owner)}\n`, { flag: 'wx' });
  try {
    linkSync(draft, file);
    return true;
  } catch (error) {
    if (errorCode(error) === 'EEXIST') return false;
    throw error;
  } finally {
    unlinkSync(draft);
  }
}

/** The lock file's holder, or undefined when there is no lock file. */
export function readHolder(file: string): Holder | undefined {
  let text: string;
  let modified: Date;
  try {
    modified = statSync(file).mtime;
    text = readFileSync(file, 'utf8');
  } catch (error) {
    if (errorCode(error) === 'ENOENT') return undefined;
    throw error;
  }
  let owner: LockOwner | undefined;
  try {
    const parsed = v.safeParse(LockOwnerSchema, JSON.parse(text));
    owner = parsed.success ? parsed.output : undefined;
  } catch {
    owner = undefined;
  }
  return { owner, modified };
}

/** The same lock file as seen before: the same owner, or (unreadable) the same modification time. */
export function sameHolder(a: Holder, b: Holder): boolean {
  return a.owner && b.owner
    ? a.owner.token === b.owner.token
    : !a.owner && !b.owner && a.modified.getTime() === b.modified.getTime();
}

/** A guard older than this was left by a process that died while removing a lock (milliseconds). */
const GUARD_STALE_MS = 10_000;

/**
 * Removes `file` when it is still the lock `expected` describes, and says whether it did. Every
 * removal of a lock file (its holder's release, or a stale lock taken away) happens inside a
 * short-lived guard file, so between looking at the lock and removing it no other process can
 * remove it and another take it: a process never deletes a lock that a newer holder has just taken.
 * Returns false, removing nothing, while another process is inside the guard.
 */
export function removeIfStill(file: string, expected: Holder, me: LockOwner): boolean {
  const guard = `${file}.guard`;
  if (!createExclusive(guard, me)) {
    const left = readHolder(guard);
    if (left && Date.now() - left.modified.getTime() > GUARD_STALE_MS) unlinkIfPresent(guard);
    return false;
  }
  try {
    const current = readHolder(file);
    if (!current || !sameHolder(current, expected)) return false;
    unlinkSync(file);
    return true;
  } finally {
    unlinkIfPresent(guard);
  }
}

function unlinkIfPresent(file: string): void {
  try {
    unlinkSync(file);
  } catch (error) {
    if (errorCode(error) !== 'ENOENT') throw error;
  }
}
