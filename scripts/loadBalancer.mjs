// nginx (Debian's /usr/sbin/nginx) as a round-robin load balancer in front of several portal
// servers, on a loopback port, everything it writes inside one temporary folder. The settings of
// the README's example ("Running several portal servers" in portal-server/README.md), with the
// sign-in's calls in round robins of their own (below).
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { freePort } from './stack.mjs';

const NGINX = process.env.NGINX_PATH ?? '/usr/sbin/nginx';

/** The configuration: `upstreams` are host:port pairs; `dir` holds pid, logs and temp files. */
export function loadBalancerConfig({ dir, port, upstreams }) {
  const temp = (name) => path.join(dir, name);
  return `daemon off;
pid ${temp('nginx.pid')};
error_log ${temp('error.log')} warn;
worker_processes 1;
events { worker_connections 512; }
http {
  log_format upstream '$request_method $uri $status $upstream_addr';
  access_log ${temp('access.log')} upstream;
  client_body_temp_path ${temp('client_body')};
  proxy_temp_path ${temp('proxy')};
  fastcgi_temp_path ${temp('fastcgi')};
  uwsgi_temp_path ${temp('uwsgi')};
  scgi_temp_path ${temp('scgi')};
${UPSTREAMS.map(({ name }) => upstreamBlock(name, upstreams)).join('')}  server {
    listen 127.0.0.1:${port};
${UPSTREAMS.map(({ name, location }) => locationBlock(location, name)).join('')}  }
}
`;
}

/**
 * One round robin for the pages and their files, and one each for the SSO proxy's and the token
 * endpoints' calls: a sign-in's calls then alternate between the instances among themselves,
 * whatever file requests the pages make in between (the same servers in every block).
 */
const UPSTREAMS = [
  { name: 'portal', location: '/' },
  { name: 'portal_proxy', location: '/common/portal/proxy/' },
  { name: 'portal_tokens', location: '/v1/token/' },
];

function upstreamBlock(name, upstreams) {
  return `  upstream ${name} {
${upstreams.map((upstream) => `    server ${upstream};`).join('\n')}
    keepalive 16;
    # Below the instances' drain (SHUTDOWN_DRAIN_MS): an idle connection is dropped here before the
    # instance closes it, so no request is ever sent on a connection the instance is closing.
    keepalive_timeout 500ms;
  }
`;
}

function locationBlock(location, upstream) {
  return `    location ${location} {
      proxy_pass http://${upstream};
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $http_host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_set_header X-Forwarded-Proto $scheme;
      proxy_set_header X-Forwarded-Host $http_host;
    }
`;
}

function accepts(port) {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

/** Starts nginx in front of `upstreams` and waits until it accepts connections. */
export async function startLoadBalancer({ upstreams, port, timeoutMs = 10_000 }) {
  const lbPort = port ?? (await freePort());
  const dir = mkdtempSync(path.join(tmpdir(), 'portal-nginx-'));
  for (const name of ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']) mkdirSync(path.join(dir, name));
  const conf = path.join(dir, 'nginx.conf');
  writeFileSync(conf, loadBalancerConfig({ dir, port: lbPort, upstreams }));
  const child = spawn(NGINX, ['-p', dir, '-c', conf, '-e', path.join(dir, 'error.log')], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (chunk) => {
    stderr += chunk.toString();
  });
  const stop = () =>
    new Promise((resolve) => {
      const done = () => {
        rmSync(dir, { recursive: true, force: true });
        resolve();
      };
      if (child.exitCode !== null || child.signalCode !== null) return done();
      const timer = setTimeout(() => child.kill('SIGKILL'), 2000);
      child.once('exit', () => {
        clearTimeout(timer);
        done();
      });
      child.kill('SIGTERM');
    });
  const started = Date.now();
  while (!(await accepts(lbPort))) {
    if (child.exitCode !== null || Date.now() - started > timeoutMs) {
      let log = '';
      try {
        log = readFileSync(path.join(dir, 'error.log'), 'utf8');
      } catch {}
      await stop();
      throw new Error(`nginx did not start on port ${lbPort}:\n${stderr}${log}`);
    }
    await sleep(50);
  }
  return {
    url: `http://localhost:${lbPort}`,
    port: lbPort,
    /** The access log's lines so far: `METHOD /path STATUS upstream-address`. */
    accessLog: () => readFileSync(path.join(dir, 'access.log'), 'utf8').split('\n').filter(Boolean),
    stop,
  };
}
