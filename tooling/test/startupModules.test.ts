import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { packageOfResource, reachableFrom, sharedResolver } from '../src/importGraph.ts';
import {
  exactPathsPattern,
  firstScreenExposeFiles,
  isStartupResource,
  startupModules,
  startupSharedFiles,
} from '../src/startupModules.ts';
import { workspaceScreens } from '../src/workspaceScreens.ts';

/*
 * The host build splits the @portal/shared modules it provides into a start-up chunk (what the
 * shell and the landing/login screens import) and a deferred one. These tests build a small
 * workspace on disk and check what the import walk reaches.
 */

let root: string;
const write = (file: string, text: string) => {
  const full = path.join(root, file);
  mkdirSync(path.dirname(full), { recursive: true });
  writeFileSync(full, text);
};

beforeEach(() => {
  // Inside the package, not the system's temporary folder: the test runner imports the
  // workspace's contributions files (TypeScript) only from below its root.
  root = mkdtempSync(path.join(import.meta.dirname, '.startup-modules-'));
  write('shared/package.json', '{"name":"@portal/shared","version":"1.0.0"}');
  mkdirSync(path.join(root, 'host/node_modules/@portal'), { recursive: true });
  // The workspace link, as pnpm makes it.
  symlinkSync(path.join(root, 'shared'), path.join(root, 'host/node_modules/@portal/shared'));
  write('host/src/index.ts', "import('./bootstrap');\n");
  write(
    'host/src/bootstrap.tsx',
    [
      "import { createRoot } from 'react-dom/client';",
      "import { api } from '@portal/shared/api/client';",
      "import type { Later } from '@portal/shared/fido/table';",
      "export { paths } from '@portal/shared/routes/paths';",
      "import './shell.css';",
    ].join('\n'),
  );
  write('host/src/shell.css', 'body {}');
  write(
    'shared/src/api/client.ts',
    "import { v4 } from 'uuid';\nimport {\n  request,\n  type Options,\n} from './request';\n",
  );
  write('shared/src/api/request.ts', "import * as v from 'valibot';\n");
  write('shared/src/routes/paths.ts', 'export const paths = {};\n');
  write('shared/src/fido/table.ts', "import { qr } from 'qrcode';\n");
  write('shared/src/flow/loginStart.ts', "import { x } from '@scope/pkg/sub';\n");
  write('shared/src/ui/OtpInput.tsx', 'export const OtpInput = 1;\n');
  write(
    'remote-login/src/exposes/UserId.tsx',
    "import { start } from '@portal/shared/flow/loginStart';\nvoid import('../userId/later');\n",
  );
  write('remote-login/src/userId/later.ts', "import { table } from '@portal/shared/fido/table';\n");
  write('remote-login/src/exposes/Landing.tsx', "import '@portal/shared/routes/paths';\n");
  write('remote-factors/src/exposes/Otp.tsx', "import { OtpInput } from '@portal/shared/ui/OtpInput';\n");
});

afterEach(() => rmSync(root, { recursive: true, force: true }));

const routes = [
  { path: '/', guard: 'A', remote: 'remote_login', expose: './Landing' },
  { path: '/direct', guard: 'A', remote: 'remote_login', expose: './UserId' },
  { path: '/sotp', guard: 'C', remote: 'remote_factors', expose: './Otp' },
] as const;

describe('reachableFrom', () => {
  it('follows static, re-exported, side-effect and dynamic imports, not type-only ones', () => {
    const shared = path.join(root, 'shared/src');
    const reached = reachableFrom([path.join(root, 'host/src/index.ts')], {
      resolveWorkspace: sharedResolver(shared),
    });
    const names = [...reached.files].map((file) => path.relative(root, file)).sort();
    expect(names).toEqual([
      'host/src/bootstrap.tsx',
      'host/src/index.ts',
      'host/src/shell.css',
      'shared/src/api/client.ts',
      'shared/src/api/request.ts',
      'shared/src/routes/paths.ts',
    ]);
    expect([...reached.packages].sort()).toEqual(['react-dom', 'uuid', 'valibot']);
  });
});

describe('startupModules', () => {
  it('adds what the guard-A screens import, and leaves later screens out', () => {
    const startup = startupModules(path.join(root, 'host'), './src/index.ts', routes);
    expect(startup).not.toBeNull();
    if (!startup) return;
    const shared = startupSharedFiles(startup).map((file) => path.relative(startup.sharedSrc, file));
    expect(shared).toEqual(['api/client.ts', 'api/request.ts', 'flow/loginStart.ts', 'routes/paths.ts']);
    expect(startup.packages.has('@scope/pkg')).toBe(true);
    expect(startup.packages.has('qrcode')).toBe(false);
  });

  it("does not follow a first screen's dynamic imports (they run after it rendered)", () => {
    const startup = startupModules(path.join(root, 'host'), './src/index.ts', routes);
    if (!startup) throw new Error('no start-up modules');
    expect(startupSharedFiles(startup).map((file) => path.relative(startup.sharedSrc, file))).not.toContain(
      'fido/table.ts',
    );
    expect(startup.files.has(path.join(root, 'remote-login/src/userId/later.ts'))).toBe(false);
  });

  it("follows the host's dynamic imports of its own files, not of a package (loaded after start-up)", () => {
    write('host/src/health.ts', "void import('web-vitals');\nvoid import('./later');\n");
    write('host/src/later.ts', "import { qr } from 'qrcode';\n");
    write('host/src/index.ts', "import('./bootstrap');\nimport './health';\n");
    const startup = startupModules(path.join(root, 'host'), './src/index.ts', routes);
    if (!startup) throw new Error('no start-up modules');
    expect(startup.packages.has('web-vitals')).toBe(false);
    expect(startup.files.has(path.join(root, 'host/src/later.ts'))).toBe(true);
    expect(startup.packages.has('qrcode')).toBe(true);
  });

  it('defers nothing when a first screen cannot be read (the host built without the remotes)', () => {
    rmSync(path.join(root, 'remote-login/src/exposes/UserId.tsx'));
    expect(startupModules(path.join(root, 'host'), './src/index.ts', routes)).toBeNull();
  });

  it('maps a guard-A route to its expose file by the naming rule', () => {
    expect(firstScreenExposeFiles('/repo/host', routes)).toEqual([
      '/repo/remote-login/src/exposes/Landing.tsx',
      '/repo/remote-login/src/exposes/UserId.tsx',
    ]);
  });
});

describe('workspaceScreens', () => {
  const contributionsFile = (routes: unknown[]) =>
    `export default ${JSON.stringify({ version: 1, routes })};\n`;

  it("reads each workspace remote's screens from its contributions file, named by its folder", async () => {
    write(
      'remote-login/src/contributions.ts',
      contributionsFile([
        { path: '/', guard: 'A', expose: './Landing', title: 'Welcome' },
        { path: '/direct', guard: 'A', expose: './UserId', title: 'Sign in', startsLogin: true },
      ]),
    );
    write(
      'remote-factors/src/contributions.ts',
      contributionsFile([{ path: '/sotp', guard: 'C', expose: './Otp', title: 'SMS' }]),
    );
    const screens = await workspaceScreens(path.join(root, 'host'));
    expect(screens).toEqual([
      { guard: 'C', remote: 'remote_factors', expose: './Otp' },
      { guard: 'A', remote: 'remote_login', expose: './Landing' },
      { guard: 'A', remote: 'remote_login', expose: './UserId' },
    ]);
    const startup = startupModules(path.join(root, 'host'), './src/index.ts', screens);
    expect(startup?.firstScreens.map((file) => path.relative(root, file))).toEqual([
      'remote-login/src/exposes/Landing.tsx',
      'remote-login/src/exposes/UserId.tsx',
    ]);
  });

  it('leaves out a remote whose contributions do not parse (its own build fails on them)', async () => {
    write('remote-login/src/contributions.ts', contributionsFile([{ path: '/', guard: 'Z' }]));
    expect(await workspaceScreens(path.join(root, 'host'))).toEqual([]);
  });
});

describe('classifying built modules', () => {
  it('knows a package by its last node_modules segment (pnpm paths, scopes)', () => {
    expect(packageOfResource('/r/node_modules/.pnpm/uuid@14/node_modules/uuid/dist/v4.js')).toBe('uuid');
    expect(packageOfResource('/r/node_modules/@scope/pkg/index.js')).toBe('@scope/pkg');
    expect(packageOfResource('/r/shared/src/a.ts')).toBeUndefined();
  });

  it('counts a module as start-up when its file or its package was reached', () => {
    const startup = { files: new Set(['/r/shared/src/a.ts']), packages: new Set(['uuid']) };
    expect(isStartupResource(startup, '/r/shared/src/a.ts')).toBe(true);
    expect(isStartupResource(startup, '/r/node_modules/.pnpm/uuid@1/node_modules/uuid/v4.js')).toBe(true);
    expect(isStartupResource(startup, '/r/shared/src/b.ts')).toBe(false);
    expect(isStartupResource(startup, '/r/node_modules/qrcode/lib/index.js')).toBe(false);
  });

  it('matches exactly the listed paths', () => {
    const pattern = exactPathsPattern(['/r/shared/src/a.ts', '/r/shared/src/(x).ts']);
    expect(pattern.test('/r/shared/src/a.ts')).toBe(true);
    expect(pattern.test('/r/shared/src/(x).ts')).toBe(true);
    expect(pattern.test('/r/shared/src/a.tsx')).toBe(false);
    expect(pattern.test('/r/shared/src/b.ts')).toBe(false);
  });
});
