import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { exposes as factorsExposes } from '../../remote-factors/exposes.ts';
import { exposes as helpExposes } from '../../remote-help/exposes.ts';
import { exposes as loginExposes } from '../../remote-login/exposes.ts';
import { exposes as selfServiceExposes } from '../../remote-selfservice/exposes.ts';
import { type RemoteName, remoteNames } from '../src/federation/remotesConfig';
import { likelyNext, routes } from '../src/routes';

/*
 * The host names screens only as remote + expose strings, resolved at run time: a route naming
 * an expose the remote's build does not have would only fail in the browser. This reads each
 * remote's exposes map (the same data its rspack.config.ts builds from) and checks both sides.
 */

const root = path.resolve(import.meta.dirname, '../..');

/** Each remote's package folder and exposes map, by its federation name. */
const remotes: Record<RemoteName, { folder: string; exposes: Readonly<Record<string, string>> }> = {
  remote_login: { folder: 'remote-login', exposes: loginExposes },
  remote_factors: { folder: 'remote-factors', exposes: factorsExposes },
  remote_selfservice: { folder: 'remote-selfservice', exposes: selfServiceExposes },
  remote_help: { folder: 'remote-help', exposes: helpExposes },
};

const named = [
  ...routes.map((route) => ({ where: `route ${route.path}`, remote: route.remote, expose: route.expose })),
  ...Object.entries(likelyNext).flatMap(([from, refs]) =>
    (refs ?? []).map((ref) => ({ where: `likelyNext of ${from}`, ...ref })),
  ),
];

describe('expose contract: host route table ↔ remote exposes', () => {
  it('covers every remote the host knows', () => {
    expect(Object.keys(remotes).sort()).toEqual([...remoteNames].sort());
  });

  it.each(named)('$where names $remote $expose, which the remote exposes', ({ remote, expose }) => {
    expect(Object.keys(remotes[remote].exposes)).toContain(expose);
  });

  const all = Object.entries(remotes).flatMap(([remote, { folder, exposes }]) =>
    Object.entries(exposes).map(([expose, file]) => ({ remote, folder, expose, file })),
  );

  it.each(all)("$remote $expose follows the rule './X' → src/exposes/X.tsx", ({ expose, file }) => {
    expect(expose).toMatch(/^\.\/[A-Z][A-Za-z0-9]*$/);
    expect(file).toBe(`./src/exposes/${expose.slice(2)}.tsx`);
  });

  it.each(all)('$remote $expose: its file exists', ({ folder, file }) => {
    expect(existsSync(path.join(root, folder, file))).toBe(true);
  });

  it.each(Object.entries(remotes))(
    '%s exposes every module of src/exposes',
    (_remote, { folder, exposes }) => {
      // The dead-code check (knip.json) takes src/exposes/*.tsx as the remotes' entry points.
      const files = readdirSync(path.join(root, folder, 'src/exposes')).map(
        (name) => `./src/exposes/${name}`,
      );
      expect(files.sort()).toEqual(Object.values(exposes).sort());
    },
  );

  it.each(all)('$remote $expose is routed to by the host', ({ remote, expose }) => {
    // An expose no route names is dead code shipped in every build of that remote.
    expect(routes.some((route) => route.remote === remote && route.expose === expose)).toBe(true);
  });
});
