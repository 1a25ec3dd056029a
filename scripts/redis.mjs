// A redis-server of a test's or bench's own (Debian's redis-server): loopback, a free port,
// nothing written to disk. Used by the several-servers end-to-end test.
import { spawn } from 'node:child_process';
import { freePort } from './stack.mjs';

/** Starts redis-server and waits until it accepts connections. */
export async function startRedis({ port, timeoutMs = 10_000 } = {}) {
  const redisPort = port ?? (await freePort());
  const child = spawn(
    'redis-server',
    ['--port', String(redisPort), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let output = '';
  await new Promise((resolve, reject) => {
    const exited = (code) => fail(new Error(`redis-server exited with ${code}:\n${output}`));
    const timer = setTimeout(() => fail(new Error(`redis-server did not start:\n${output}`)), timeoutMs);
    function fail(error) {
      clearTimeout(timer);
      child.kill('SIGKILL');
      reject(error);
    }
    child.once('error', fail);
    child.once('exit', exited);
    const read = (chunk) => {
      output += chunk.toString();
      if (output.includes('Ready to accept connections')) {
        clearTimeout(timer);
        child.off('exit', exited);
        resolve();
      }
    };
    child.stdout.on('data', read);
    child.stderr.on('data', read);
  });
  return {
    url: `redis://127.0.0.1:${redisPort}`,
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        const timer = setTimeout(() => child.kill('SIGKILL'), 2000);
        child.once('exit', () => {
          clearTimeout(timer);
          resolve();
        });
        child.kill('SIGTERM');
      }),
  };
}
