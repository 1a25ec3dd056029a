// One load run with Debian's wrk: a fixed duration and number of connections, requests per second
// and the p99 latency it reports. Figures only: nothing here passes or fails on time.
import { spawnSync } from 'node:child_process';

export const WRK = process.env.WRK_PATH ?? 'wrk';

/** Whether wrk can be run (Debian: `apt-get install -y wrk`). */
export function hasWrk() {
  return spawnSync(WRK, ['--version'], { encoding: 'utf8' }).error === undefined;
}

/** wrk prints latencies as `812.00us`, `1.23ms` or `2.00s`. */
function millis(value, unit) {
  const factor = { us: 0.001, ms: 1, s: 1000, m: 60_000 }[unit];
  if (factor === undefined) throw new Error(`wrk: unknown latency unit ${unit}`);
  return Number(value) * factor;
}

/** Requests per second, p99 latency (ms) and non-2xx/3xx answers from wrk's --latency report. */
export function parseWrk(text) {
  const rps = text.match(/^Requests\/sec:\s+([\d.]+)/m);
  const p99 = text.match(/^\s+99%\s+([\d.]+)(us|ms|s|m)\s*$/m);
  if (!rps || !p99) throw new Error(`wrk: unexpected report:\n${text}`);
  const bad = text.match(/Non-2xx or 3xx responses:\s+(\d+)/);
  const errors = text.match(/Socket errors: (.*)/);
  const requests = text.match(/^\s*(\d+) requests in /m);
  return {
    rps: Number(rps[1]),
    requests: requests ? Number(requests[1]) : undefined,
    p99Ms: millis(p99[1], p99[2]),
    non2xx: bad ? Number(bad[1]) : 0,
    socketErrors: errors ? errors[1] : undefined,
  };
}

/** One wrk run (one thread: the machine has two cores, shared with the servers under test). */
export function runWrk(url, { seconds, connections, headers = {} }) {
  const args = ['-t1', `-c${connections}`, `-d${seconds}s`, '--latency'];
  for (const [name, value] of Object.entries(headers)) args.push('-H', `${name}: ${value}`);
  const result = spawnSync(WRK, [...args, url], { encoding: 'utf8', timeout: (seconds + 30) * 1000 });
  if (result.status !== 0) throw new Error(`wrk failed (${result.status}): ${result.stderr}`);
  return parseWrk(result.stdout);
}
