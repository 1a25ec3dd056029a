import { execFileSync } from 'node:child_process';
import { ReleaseError } from './errors.js';

/** A source revision as the tool records it: a commit id, a tag, a CI build name… on one line. */
const REVISION = /^[0-9A-Za-z][0-9A-Za-z._+/:@-]{0,127}$/;

/** The revision given (--revision, $SOURCE_REVISION), refused when it is not one line of plain characters. */
export function checkRevision(value: string, source: string): string {
  if (!REVISION.test(value)) {
    throw new ReleaseError(
      `${source} '${value}' is not a source revision (a commit id, tag or build name: letters, digits and . _ + / : @ -)`,
    );
  }
  return value;
}

/**
 * The commit of the git work tree `folder` lies in (a build's dist/ lies in its source tree), with
 * `-dirty` when the work tree has changes not committed (the build may not be that commit's);
 * undefined outside a git work tree or without git.
 */
export function gitRevision(folder: string): string | undefined {
  const git = (...args: string[]) =>
    execFileSync('git', ['-C', folder, ...args], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
      timeout: 30_000,
    }).trim();
  try {
    const commit = git('rev-parse', '--verify', 'HEAD');
    if (!/^[0-9a-f]{40}([0-9a-f]{24})?$/.test(commit)) return undefined;
    return git('status', '--porcelain') === '' ? commit : `${commit}-dirty`;
  } catch {
    return undefined;
  }
}

/**
 * The source revision a build is staged from: the one given, else $SOURCE_REVISION, else the git
 * commit its folder lies in; null when none of them tells (recorded as an unknown revision).
 */
export function sourceRevision(
  from: string,
  given: string | undefined,
  env: Record<string, string | undefined>,
): string | null {
  if (given !== undefined) return checkRevision(given, '--revision');
  if (env.SOURCE_REVISION !== undefined && env.SOURCE_REVISION !== '')
    return checkRevision(env.SOURCE_REVISION, 'SOURCE_REVISION');
  return gitRevision(from) ?? null;
}
