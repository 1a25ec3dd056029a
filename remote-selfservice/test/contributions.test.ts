import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { parseContributions } from '@portal/contributions/schema';
import { describe, expect, it } from 'vitest';
import { exposes } from '../exposes';
import contributions from '../src/contributions';

/*
 * This remote's contributions (src/contributions.ts) against its own build: the host renders a
 * route's screen by its expose name at run time, so a route naming an expose this remote does not
 * build would only fail in the browser, and an expose no route names is dead code in every build.
 */

const root = path.resolve(import.meta.dirname, '..');

/** The kernel's shell addresses, which a next action of any remote may lead to. */
const SHELL_ADDRESSES = ['/', '/welcome', '/denied', '/restartRequired', '/signed-out', '/not-found'];

const parsed = parseContributions(contributions);
const value = parsed.ok ? parsed.value : { routes: [], nextActions: [] };
const paths = value.routes.map((route) => route.path);
const opening = value.nextActions.flatMap((claim) => ('path' in claim ? [claim] : []));
const exposed = Object.entries(exposes);

describe('contributions of this remote', () => {
  it('parse with the contributions schema', () => {
    expect(parsed).toMatchObject({ ok: true });
  });

  it.each(value.routes)('route $path names $expose, which this remote exposes', ({ expose }) => {
    expect(Object.keys(exposes)).toContain(expose);
  });

  it.each(exposed)('%s is the screen of at least one route', (expose) => {
    expect(value.routes.some((route) => route.expose === expose)).toBe(true);
  });

  it.each(exposed)("%s follows the rule './X' → src/exposes/X.tsx, and the file exists", (expose, file) => {
    expect(expose).toMatch(/^\.\/[A-Z][A-Za-z0-9]*$/);
    expect(file).toBe(`./src/exposes/${expose.slice(2)}.tsx`);
    expect(existsSync(path.join(root, file))).toBe(true);
  });

  it('exposes every module of src/exposes', () => {
    // The dead-code check (knip) takes src/exposes/*.tsx as the remotes' entry points.
    const files = readdirSync(path.join(root, 'src/exposes')).map((name) => `./src/exposes/${name}`);
    expect(files.sort()).toEqual(Object.values(exposes).sort());
  });

  it.each(opening)('next action $action opens one of its routes or a shell address', ({ path: to }) => {
    expect([...paths, ...SHELL_ADDRESSES]).toContain(to);
  });
});
