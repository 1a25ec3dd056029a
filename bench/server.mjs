// The server section of `npm run bench` (issue 24): requests per second and p99 latency of the first
// page (/direct, planned per request) and of a precompressed asset, for one portal server and for two
// behind nginx, each against a floor that sends the same bytes from a bare node:http server. Floor
// and portal are measured alternately in the same run (the machine is shared and noisy): the ratio is
// the figure to compare between runs. Figures only, no pass or fail.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort, startServer } from '../scripts/stack.mjs';
import { median } from './lib/stats.mjs';
import { hasNginx, NGINX, startNginx } from './server/nginx.mjs';
import { cpuMsOf, precompressedAsset, startPortal } from './server/portals.mjs';
import { recordResponse } from './server/record.mjs';
import { hasWrk, runWrk } from './server/wrk.mjs';

const seconds = Number(process.env.BENCH_SERVER_SECONDS ?? 5);
const connections = Number(process.env.BENCH_SERVER_CONNECTIONS ?? 32);
const rounds = Number(process.env.BENCH_SERVER_ROUNDS ?? 3);

/** What a browser sends for a page and for a script (only these decide the answer). */
const PAGE_HEADERS = { accept: 'text/html,application/xhtml+xml', 'accept-encoding': 'gzip, deflate, br' };
const ASSET_HEADERS = { accept: '*/*', 'accept-encoding': 'gzip, deflate, br' };

async function startFloor(responsesFile) {
  const server = await startServer('bench/server/floorServer.mjs', {
    FLOOR_RESPONSES: responsesFile,
    PORT: String(await freePort()),
  });
  return { url: server.url, stop: server.stop };
}

/** Records the portal's answers to the measured paths, for the floor to send. */
async function recordFloorResponses(portalUrl, targets, dir) {
  const described = {};
  for (const [index, target] of targets.entries()) {
    const recorded = await recordResponse(new URL(target.path, portalUrl), target.headers);
    if (recorded.status !== 200) throw new Error(`${target.path}: the portal answered ${recorded.status}`);
    const body = path.join(dir, `body-${index}`);
    writeFileSync(body, recorded.body);
    described[target.path] = { status: recorded.status, headers: recorded.headers, body };
    target.bytes = recorded.body.length;
    target.encoding = recorded.headers['content-encoding'] ?? 'identity';
  }
  const file = path.join(dir, 'responses.json');
  writeFileSync(file, JSON.stringify(described));
  return file;
}

/** Floor and portal alternately (the order swapped each round), `rounds` times; medians and the ratio. */
function compare(label, target, portalUrl, floorUrl) {
  const portal = [];
  const floor = [];
  for (let round = 0; round < rounds; round += 1) {
    const order = round % 2 === 0 ? ['floor', 'portal'] : ['portal', 'floor'];
    for (const which of order) {
      const url = new URL(target.path, which === 'portal' ? portalUrl : floorUrl).href;
      const result = runWrk(url, { seconds, connections, headers: target.headers });
      if (result.non2xx > 0 || result.socketErrors) {
        console.log(
          `  (${which} ${target.path}: ${result.non2xx} non-2xx, socket errors ${result.socketErrors ?? 0})`,
        );
      }
      (which === 'portal' ? portal : floor).push(result);
    }
  }
  const ratios = portal.map((result, index) => result.rps / floor[index].rps);
  const row = {
    label,
    rps: median(portal.map((result) => result.rps)),
    p99: median(portal.map((result) => result.p99Ms)),
    floorRps: median(floor.map((result) => result.rps)),
    floorP99: median(floor.map((result) => result.p99Ms)),
    ratio: median(ratios),
  };
  console.log(
    `| ${row.label} | ${Math.round(row.rps)} | ${row.p99.toFixed(1)} ms | ${Math.round(row.floorRps)} | ${row.floorP99.toFixed(1)} ms | ${row.ratio.toFixed(2)} |`,
  );
  return row;
}

/**
 * The cost of the Prometheus metrics (issue 29): the first page from an instance with METRICS=on
 * (the default) against one with METRICS=off, alternately, `rounds` × 2 times. Two figures: the
 * ratio of requests per second (on / off), and the ratio of the server's CPU time per request
 * (off / on, from /proc), which a machine shared with other work moves far less. Within 5 % means
 * at least 0.95.
 */
function compareMetrics(target, withMetrics, withoutMetrics) {
  const runs = { on: [], off: [] };
  for (let round = 0; round < rounds * 2; round += 1) {
    const order = round % 2 === 0 ? ['off', 'on'] : ['on', 'off'];
    for (const which of order) {
      const server = which === 'on' ? withMetrics : withoutMetrics;
      const cpuBefore = cpuMsOf(server.pid);
      const result = runWrk(new URL(target.path, server.url).href, {
        seconds,
        connections,
        headers: target.headers,
      });
      const cpuAfter = cpuMsOf(server.pid);
      if (result.non2xx > 0 || result.socketErrors) {
        console.log(
          `  (metrics ${which} ${target.path}: ${result.non2xx} non-2xx, socket errors ${result.socketErrors ?? 0})`,
        );
      }
      const cpuUsPerRequest =
        cpuBefore !== undefined && cpuAfter !== undefined && result.requests
          ? ((cpuAfter - cpuBefore) * 1000) / result.requests
          : undefined;
      runs[which].push({ ...result, cpuUsPerRequest });
    }
  }
  const rpsRatio = median(runs.on.map((result, index) => result.rps / runs.off[index].rps));
  const cpu = (which) => median(runs[which].map((result) => result.cpuUsPerRequest ?? Number.NaN));
  const cpuRatio = cpu('off') / cpu('on');
  const within = (ratio) => (Number.isNaN(ratio) ? 'n/a' : ratio >= 0.95 ? 'yes' : 'no');
  console.log(
    '\nMetrics on (METRICS=on, the default) against off, one instance each, alternately:\n\n| | on | off | ratio | within 5 % |\n| --- | --- | --- | --- | --- |',
  );
  console.log(
    `| ${target.name} req/s | ${Math.round(median(runs.on.map((r) => r.rps)))} | ${Math.round(median(runs.off.map((r) => r.rps)))} | ${rpsRatio.toFixed(3)} (on/off) | ${within(rpsRatio)} |`,
  );
  console.log(
    `| ${target.name} p99 | ${median(runs.on.map((r) => r.p99Ms)).toFixed(1)} ms | ${median(runs.off.map((r) => r.p99Ms)).toFixed(1)} ms | | |`,
  );
  console.log(
    `| ${target.name} server CPU per request | ${cpu('on').toFixed(0)} µs | ${cpu('off').toFixed(0)} µs | ${cpuRatio.toFixed(3)} (off/on) | ${within(cpuRatio)} |`,
  );
}

export async function benchServer() {
  console.log('\n## Server (first page and a precompressed asset, against a bare node:http floor)\n');
  if (!hasWrk()) {
    console.log('Skipped: no wrk (Debian: `apt-get install -y wrk`).');
    return;
  }
  const targets = [
    { name: '/direct', path: '/direct', headers: PAGE_HEADERS },
    { name: 'asset', path: precompressedAsset(), headers: ASSET_HEADERS },
  ];
  const dir = mkdtempSync(path.join(tmpdir(), 'bench-server-'));
  const lbPort = await freePort();
  // Every instance has the load balancer's origin, so all of them (and the floor) send the same page.
  const publicOrigin = `http://localhost:${lbPort}`;
  const stops = [];
  try {
    const first = await startPortal(publicOrigin);
    stops.push(first.stop);
    const responses = await recordFloorResponses(first.url, targets, dir);
    const floor = await startFloor(responses);
    stops.push(floor.stop);
    console.log(
      `wrk, 1 thread, ${connections} connections, ${seconds} s per run, ${rounds} rounds of floor and portal alternately; medians (ratio: of each round's pair).`,
    );
    for (const target of targets) {
      console.log(
        `${target.name === 'asset' ? target.path : target.name}: ${target.bytes} bytes (${target.encoding})`,
      );
    }
    console.log(
      '\n| | req/s | p99 | floor req/s | floor p99 | ratio |\n| --- | --- | --- | --- | --- | --- |',
    );
    for (const target of targets) compare(`one instance, ${target.name}`, target, first.url, floor.url);

    // Metrics on (as `first` runs) against off, on the same kind of instance.
    const withoutMetrics = await startPortal(publicOrigin, { METRICS: 'off' });
    stops.push(withoutMetrics.stop);
    compareMetrics(targets[0], first, withoutMetrics);
    await withoutMetrics.stop();
    stops.pop();

    if (!hasNginx()) {
      console.log(
        `\nTwo instances behind nginx: skipped (no ${NGINX}; Debian: \`apt-get install -y nginx\`).`,
      );
      return;
    }
    console.log(
      '\n| | req/s | p99 | floor req/s | floor p99 | ratio |\n| --- | --- | --- | --- | --- | --- |',
    );
    const second = await startPortal(publicOrigin);
    stops.push(second.stop);
    const secondFloor = await startFloor(responses);
    stops.push(secondFloor.stop);
    const portals = await startNginx([first.url, second.url], lbPort);
    stops.push(portals.stop);
    const floors = await startNginx([floor.url, secondFloor.url]);
    stops.push(floors.stop);
    for (const target of targets) {
      compare(`two instances behind nginx, ${target.name}`, target, portals.url, floors.url);
    }
  } finally {
    for (const stop of stops.reverse()) await stop();
    rmSync(dir, { recursive: true, force: true });
  }
}
