import { type ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:net';

/** A free port on 127.0.0.1 (redis-server needs its port before it starts). */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        address && typeof address === 'object' ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

/** A real redis-server of the test's own: loopback, a free port, nothing written to disk. */
export interface RedisServer {
  url: string;
  /** SIGSTOP: the connection stays open and nothing answers (a hung Redis). */
  pause(): void;
  resume(): void;
  /** Ends the server (SIGKILL after a second if it does not stop). */
  stop(): Promise<void>;
}

export async function startRedisServer(timeoutMs = 10_000): Promise<RedisServer> {
  const port = await freePort();
  const child = spawn(
    'redis-server',
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  await new Promise<void>((resolve, reject) => {
    let output = '';
    const timer = setTimeout(() => fail(new Error(`redis-server did not start:\n${output}`)), timeoutMs);
    const fail = (error: Error) => {
      clearTimeout(timer);
      child.kill('SIGKILL');
      reject(error);
    };
    const exited = (code: number | null) => fail(new Error(`redis-server exited with ${code}:\n${output}`));
    child.once('error', fail);
    child.once('exit', exited);
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('Ready to accept connections')) {
        clearTimeout(timer);
        child.off('exit', exited);
        resolve();
      }
    });
  });
  return {
    url: `redis://127.0.0.1:${port}`,
    pause: () => child.kill('SIGSTOP'),
    resume: () => child.kill('SIGCONT'),
    stop: () => stopChild(child),
  };
}

function stopChild(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    const timer = setTimeout(() => child.kill('SIGKILL'), 1000);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    child.kill('SIGCONT');
    child.kill('SIGTERM');
  });
}
