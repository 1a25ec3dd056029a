import path from 'node:path';

/**
 * Build output that helps a developer and an attacker alike: source maps (the original source,
 * comments and all) and Module Federation's build statistics (every module path, shared versions).
 * The builds emit them beside the served files; production does not serve them.
 */
const DEVELOPMENT_ONLY = /(\.map|^mf-stats\.json)(\.br|\.gz)?$/;

export function isDevelopmentOnlyFile(pathName: string): boolean {
  return DEVELOPMENT_ONLY.test(path.posix.basename(pathName));
}

/** fastify-static's allowedPath: everything in development; no development-only files in production. */
export function servedInMode(production: boolean): (pathName: string) => boolean {
  return (pathName) => !(production && isDevelopmentOnlyFile(pathName));
}
