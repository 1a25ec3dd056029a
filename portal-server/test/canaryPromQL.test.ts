import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServer } from '../src/server.js';
import { canaryCookie, canaryKeyIn } from './helpers/canaryCookies.js';
import {
  LOGIN_V1,
  LOGIN_V2,
  type RemoteEntryShape,
  releaseEntries,
  writeFirstLoadFixture,
} from './helpers/firstLoadFixtures.js';
import { createFixtureDirs, type FixtureDirs, packageDir, testConfig } from './helpers/fixtures.js';
import { LogCapture } from './helpers/logCapture.js';

/** Debian's Prometheus (`apt-get install prometheus`; .ci/run installs it). */
const PROMETHEUS = process.env.PROMETHEUS_PATH ?? '/usr/bin/prometheus';
const DOCS = path.join(packageDir, '..', 'docs', 'canary-analysis');
const V1 = LOGIN_V1.split('/')[1] as string;
const V2 = LOGIN_V2.split('/')[1] as string;

/** The `query: |` blocks of a YAML file, in order (the examples in docs/ are what is tested). */
function queriesOf(file: string): string[] {
  const lines = readFileSync(path.join(DOCS, file), 'utf8').split('\n');
  const queries: string[] = [];
  lines.forEach((line, index) => {
    const start = /^(\s*)query: \|$/.exec(line);
    if (!start) return;
    const indent = (start[1] ?? '').length;
    const body: string[] = [];
    for (const next of lines.slice(index + 1)) {
      if (next.trim() !== '' && next.length - next.trimStart().length <= indent) break;
      body.push(next.trim());
    }
    queries.push(body.join(' ').trim());
  });
  return queries;
}

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

const keyIn = (cohort: 'live' | 'canary', from: number) =>
  canaryKeyIn(cohort === 'canary', 'remote_login', 50, from);

describe('the canary analysis examples (docs/canary-analysis) against a real Prometheus', () => {
  let dirs: FixtureDirs;
  let app: FastifyInstance;
  let prometheus: ChildProcess;
  let promDir: string;
  let promUrl: string;
  let portalUrl: string;
  let operatorsUrl: string;

  /** An instant query's single value (NaN when the result is empty). */
  const query = async (promql: string): Promise<number> => {
    const response = await fetch(`${promUrl}/api/v1/query?${new URLSearchParams({ query: promql })}`);
    const body = (await response.json()) as {
      status: string;
      error?: string;
      data?: { result: { value: [number, string] }[] };
    };
    expect(body.status, `${promql}: ${body.error}`).toBe('success');
    const [first] = body.data?.result ?? [];
    return first ? Number(first.value[1]) : Number.NaN;
  };

  /** Until Prometheus has scraped `promql` at `value` (a scrape every second; bounded). */
  const scraped = async (promql: string, value: number) => {
    for (let tries = 0; tries < 120; tries += 1) {
      try {
        if ((await query(promql)) === value) return;
      } catch {
        // not up yet
      }
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    throw new Error(`Prometheus never saw ${promql} = ${value}`);
  };

  const sendBeacons = async (cohort: 'live' | 'canary', sessions: number, withError: number) => {
    const release = cohort === 'canary' ? V2 : V1;
    let key = 0;
    for (let session = 0; session < sessions; session += 1) {
      const cookie = canaryCookie(keyIn(cohort, key));
      key = Number(keyIn(cohort, key).slice(1)) + 1;
      const events = [
        { remote: 'remote_login', release, kind: 'loaded' },
        ...(session < withError ? [{ remote: 'remote_login', release, kind: 'unhandled', first: true }] : []),
        { remote: 'remote_login', release, kind: 'lcp', value: session < sessions / 2 ? 1200 : 3500 },
      ];
      const reply = await fetch(`${portalUrl}/v1/beacon`, {
        method: 'POST',
        headers: {
          'content-type': 'text/plain;charset=UTF-8',
          origin: 'http://localhost:8080',
          'sec-fetch-site': 'same-origin',
          cookie,
        },
        body: JSON.stringify({ events }),
      });
      expect(reply.status).toBe(204);
    }
  };

  beforeAll(async () => {
    expect(existsSync(PROMETHEUS), `${PROMETHEUS} is missing: apt-get install prometheus`).toBe(true);
    dirs = createFixtureDirs();
    writeFirstLoadFixture(dirs);
    const live = releaseEntries.get(LOGIN_V1) as RemoteEntryShape;
    const canary = releaseEntries.get(LOGIN_V2) as RemoteEntryShape;
    dirs.writeRemotesConfig({ remote_login: { ...live, canary: { ...canary, percent: 50 } } });
    const logs = new LogCapture();
    app = await buildServer(testConfig(dirs, { port: 0, metricsPort: 0 }), { logStream: logs });
    await app.listen({ port: 0, host: '127.0.0.1' });
    portalUrl = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    const operators = logs
      .entries()
      .find((entry) => String(entry.msg).startsWith('operator endpoint'))?.metrics;
    operatorsUrl = `http://${String(operators)}`;

    promDir = mkdtempSync(path.join(tmpdir(), 'portal-prometheus-'));
    writeFileSync(
      path.join(promDir, 'prometheus.yml'),
      [
        'global:',
        '  scrape_interval: 1s',
        '  evaluation_interval: 1s',
        'scrape_configs:',
        '  - job_name: portal',
        '    static_configs:',
        `      - targets: ['${String(operators)}']`,
        '',
      ].join('\n'),
    );
    const promPort = await freePort();
    promUrl = `http://127.0.0.1:${promPort}`;
    prometheus = spawn(
      PROMETHEUS,
      [
        `--config.file=${path.join(promDir, 'prometheus.yml')}`,
        `--storage.tsdb.path=${path.join(promDir, 'data')}`,
        `--web.listen-address=127.0.0.1:${promPort}`,
      ],
      { stdio: 'ignore' },
    );
  }, 30_000);

  afterAll(async () => {
    prometheus?.kill('SIGTERM');
    await new Promise((resolve) => prometheus?.once('exit', resolve));
    await app?.close();
    dirs?.cleanup();
    if (promDir) rmSync(promDir, { recursive: true, force: true });
  });

  it("shows the canary's error ratio after a burst of beacons, with the examples' own PromQL", async () => {
    // Before any beacon the served builds' series are scraped at 0.
    await scraped('sum(portal_beacon_sessions_total{remote="remote_login",cohort="canary"})', 0);
    await sendBeacons('canary', 20, 5);
    await sendBeacons('live', 20, 1);
    await scraped('sum(portal_beacon_sessions_total{remote="remote_login",cohort="live"})', 20);
    await scraped('sum(portal_beacon_sessions_total{remote="remote_login",cohort="canary"})', 20);

    const argo = queriesOf('argo-analysis-template.yaml').map((promql) =>
      promql.replaceAll('{{args.remote}}', 'remote_login').replaceAll('{{args.window}}', '5m'),
    );
    expect(argo).toHaveLength(3);
    const [errorRatio, minusLive, lcpP75] = argo as [string, string, string];
    expect(await query(errorRatio)).toBeCloseTo(5 / 20, 6);
    expect(await query(minusLive)).toBeCloseTo(5 / 20 - 1 / 20, 6);
    // Half the canary's sessions took 3.5 s: the 75th percentile lies in the (3 s, 4 s] bucket.
    const p75 = await query(lcpP75);
    expect(p75).toBeGreaterThan(3);
    expect(p75).toBeLessThanOrEqual(4);

    const [flagger] = queriesOf('flagger-metric-template.yaml').map((promql) =>
      promql.replaceAll('{{ variables.remote }}', 'remote_login').replaceAll('{{ interval }}', '5m'),
    );
    expect(await query(flagger as string)).toBeCloseTo(5 / 20, 6);

    // The release tool's figures (/canary-stats, what `promote --watch` reads) say the same.
    const stats = (await (await fetch(`${operatorsUrl}/canary-stats`)).json()) as {
      builds: { cohort: string; sessions: number; sessionsWithError: number }[];
    };
    const canaryBuild = stats.builds.find((build) => build.cohort === 'canary');
    expect(canaryBuild).toMatchObject({ sessions: 20, sessionsWithError: 5 });
  }, 90_000);
});
