// Debian's nginx as the load balancer in front of two servers: a minimal nginx.conf in a temporary
// folder, one loopback port, round robin with keep-alive connections to the upstreams. Started and
// stopped by the bench (never daemonised, no file outside its folder).
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort } from '../../scripts/stack.mjs';

export const NGINX = process.env.NGINX_PATH ?? '/usr/sbin/nginx';

export const hasNginx = () => existsSync(NGINX);

function config({ port, upstreams, dir }) {
  return `daemon off;
worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 1024; }
http {
  access_log off;
  client_body_temp_path ${dir}/body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  upstream portal {
${upstreams.map((url) => `    server ${new URL(url).host};`).join('\n')}
    keepalive 64;
  }
  server {
    listen 127.0.0.1:${port};
    keepalive_requests 100000;
    location / {
      proxy_pass http://portal;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $http_host;
    }
  }
}
`;
}

/**
 * nginx on loopback (`port`, or a free one) in front of `upstreams` (URLs); stop() ends it and
 * removes its folder.
 */
export async function startNginx(upstreams, port = undefined) {
  const dir = mkdtempSync(path.join(tmpdir(), 'bench-nginx-'));
  const listen = port ?? (await freePort());
  const file = path.join(dir, 'nginx.conf');
  writeFileSync(file, config({ port: listen, upstreams, dir }));
  const child = spawn(NGINX, ['-p', dir, '-c', file, '-e', path.join(dir, 'error.log')], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (chunk) => {
    stderr += chunk;
  });
  const url = `http://127.0.0.1:${listen}/`;
  const deadline = Date.now() + 10_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`nginx exited with ${child.exitCode}: ${stderr}`);
    try {
      await fetch(url, { signal: AbortSignal.timeout(1000) });
      break;
    } catch {
      if (Date.now() > deadline) throw new Error(`nginx did not answer on ${url}: ${stderr}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  const stop = () =>
    new Promise((done) => {
      const cleanUp = () => {
        rmSync(dir, { recursive: true, force: true });
        done();
      };
      if (child.exitCode !== null) return cleanUp();
      child.once('exit', cleanUp);
      child.kill('SIGQUIT');
    });
  return { url, stop };
}
