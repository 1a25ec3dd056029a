import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('..', import.meta.url));
// TypeScript 7 exports only its package.json of its files: the compiler's launcher sits beside it.
const tsc = join(dirname(createRequire(import.meta.url).resolve('typescript/package.json')), 'bin', 'tsc');
const children: ChildProcess[] = [];

function newestSource(dir: string): number {
  return Math.max(
    ...readdirSync(dir, { withFileTypes: true }).map((entry) => {
      const path = join(dir, entry.name);
      return entry.isDirectory() ? newestSource(path) : statSync(path).mtimeMs;
    }),
  );
}

// Builds dist/ unless it is already newer than every source file (pnpm build ran).
beforeAll(() => {
  const main = join(root, 'dist/main.js');
  if (existsSync(main) && statSync(main).mtimeMs >= newestSource(join(root, 'src'))) return;
  execFileSync(process.execPath, [tsc, '-p', 'tsconfig.build.json'], { cwd: root, stdio: 'pipe' });
}, 60_000);
afterAll(() => {
  for (const child of children) child.kill('SIGTERM');
});

function run(env: Record<string, string>): Promise<{ line: string; code: number | null; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['dist/main.js'], { cwd: root, env: { ...process.env, ...env } });
    children.push(child);
    let stdout = '';
    let stderr = '';
    child.stderr.on('data', (chunk) => {
      stderr += chunk;
    });
    child.stdout.on('data', (chunk) => {
      stdout += chunk;
      const line = stdout.split('\n').find((l) => l.includes('"listening"'));
      if (line) resolve({ line, code: null, stderr });
    });
    child.on('exit', (code) => resolve({ line: '', code, stderr }));
  });
}

describe('CLI (dist/main.js)', () => {
  it('prints the listening line with the bound port and serves the tenant', async () => {
    const { line } = await run({ EMULATOR_PORT: '0' });
    const parsed = JSON.parse(line) as Record<string, string>;
    const port = /:(\d+)$/.exec(parsed.url ?? '')?.[1];
    expect(Number(port)).toBeGreaterThan(0);
    expect(parsed).toEqual({
      msg: 'listening',
      url: `http://localhost:${port}`,
      tenantUrl: `http://localhost:${port}/default/`,
      devPage: `http://localhost:${port}/_emulator/`,
    });
    const users = await fetch(`http://127.0.0.1:${port}/_emulator/api/users`);
    expect(users.status).toBe(200);
  });

  it('refuses production mode and a reachable address with exit code 1, naming each', async () => {
    const production = await run({ EMULATOR_PORT: '0', NODE_ENV: 'production' });
    expect(production.code).toBe(1);
    expect(production.line).toBe('');
    expect(JSON.parse(production.stderr)).toEqual({
      msg: 'error',
      error: expect.stringMatching(
        /^Invalid environment variable NODE_ENV: .*EMULATOR_I_UNDERSTAND_THIS_IS_NOT_A_REAL_SSO=1/,
      ),
    });
    const reachable = await run({ EMULATOR_PORT: '0', EMULATOR_HOST: '0.0.0.0' });
    expect(reachable.code).toBe(1);
    expect(reachable.line).toBe('');
    expect(reachable.stderr).toContain('Invalid environment variable EMULATOR_HOST: 0.0.0.0 can be reached');
  });

  it('runs in production mode only with the flag that names the danger', async () => {
    const { line } = await run({
      EMULATOR_PORT: '0',
      NODE_ENV: 'production',
      EMULATOR_I_UNDERSTAND_THIS_IS_NOT_A_REAL_SSO: '1',
    });
    expect(JSON.parse(line)).toMatchObject({ msg: 'listening' });
  });

  it('stops with the bad variable named', async () => {
    const result = await run({ EMULATOR_PORT: 'abc' });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('EMULATOR_PORT');
  });
});
