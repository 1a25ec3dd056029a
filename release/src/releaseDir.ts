import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { ReleaseError } from './errors.js';
import { MANIFEST_FILE } from './manifest.js';
import type { Remote } from './remotes.js';

/** The URL prefix the portal server serves the release directory under. */
const URL_PREFIX = '/remotes/';
/** A release folder's name: `<version>-<content hash>` as staged, or any plain name put there by hand. */
export const RELEASE_NAME = /^[0-9A-Za-z][0-9A-Za-z._+-]*$/;
/** host.json, beside remotes.json: which host build is live (docs/architecture.md, Releasing the host). */
export const HOST_CONFIG_FILE = 'host.json';
/** The exclusive lock of the commands that change the release directory, beside remotes.json. */
export const LOCK_FILE = 'release.lock';

/**
 * A release directory (the portal server's RELEASES_DIR): one immutable folder per build,
 * `<package>/<release>/`, remotes.json (the portal server's REMOTES_CONFIG) saying which build each
 * remote uses, and the release log beside remotes.json.
 */
export class ReleaseDir {
  readonly remotesFile: string;
  readonly logFile: string;
  /** host.json: which host build is live (and any canary); beside remotes.json. */
  readonly hostFile: string;
  /** The lock every changing command holds (src/lock/): beside the files it guards. */
  readonly lockFile: string;

  constructor(
    readonly root: string,
    remotesFile?: string,
  ) {
    this.remotesFile = remotesFile ?? path.join(root, 'remotes.json');
    this.logFile = path.join(path.dirname(this.remotesFile), 'release-log.jsonl');
    this.hostFile = path.join(path.dirname(this.remotesFile), HOST_CONFIG_FILE);
    this.lockFile = path.join(path.dirname(this.remotesFile), LOCK_FILE);
  }

  /** Refuses a release directory that does not exist (a typo must not create a new one). */
  assertExists(): void {
    if (!existsSync(this.root) || !statSync(this.root).isDirectory()) {
      throw new ReleaseError(`The release directory ${this.root} does not exist`);
    }
  }

  folderOf(remote: { pkg: string }, release: string): string {
    if (!RELEASE_NAME.test(release)) {
      throw new ReleaseError(`'${release}' is not a release name (like 1.0.0-0f17e3a500)`);
    }
    return path.join(this.root, remote.pkg, release);
  }

  /** The manifest URL remotes.json names for a release. */
  manifestUrl(remote: Remote, release: string): string {
    return `${URL_PREFIX}${remote.pkg}/${release}/${MANIFEST_FILE}`;
  }

  /** The release a manifest URL of remotes.json points at, or undefined (another origin, a dev server). */
  releaseOf(remote: Remote, manifestUrl: string): string | undefined {
    const prefix = `${URL_PREFIX}${remote.pkg}/`;
    if (!manifestUrl.startsWith(prefix) || !manifestUrl.endsWith(`/${MANIFEST_FILE}`)) return undefined;
    const release = manifestUrl.slice(prefix.length, -MANIFEST_FILE.length - 1);
    return RELEASE_NAME.test(release) ? release : undefined;
  }

  /** The releases staged for a remote, newest folder last. */
  releases(remote: { pkg: string }): string[] {
    const dir = path.join(this.root, remote.pkg);
    if (!existsSync(dir)) return [];
    return readdirSync(dir)
      .filter((name) => RELEASE_NAME.test(name) && statSync(path.join(dir, name)).isDirectory())
      .sort((a, b) => statSync(path.join(dir, a)).mtimeMs - statSync(path.join(dir, b)).mtimeMs);
  }

  /** The folder of a release that must exist; the message lists the ones that do. */
  existingFolder(remote: { name: string; pkg: string }, release: string): string {
    const folder = this.folderOf(remote, release);
    if (!existsSync(folder)) {
      const known = this.releases(remote);
      throw new ReleaseError(
        `${remote.name} has no release '${release}' in ${path.join(this.root, remote.pkg)}` +
          (known.length > 0 ? ` (staged: ${known.join(', ')})` : ' (nothing staged yet)'),
      );
    }
    return folder;
  }
}
