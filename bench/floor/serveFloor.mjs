// Serves the floor page from 127.0.0.1: brotli files when the browser accepts them.
import { createServer } from 'node:http';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

const types = { '.html': 'text/html; charset=utf-8', '.js': 'text/javascript', '.css': 'text/css' };

export function serveFloor(dir) {
  const server = createServer((request, response) => {
    const urlPath = new URL(request.url ?? '/', 'http://floor').pathname;
    const name = urlPath === '/' ? 'index.html' : path.basename(urlPath);
    const file = path.join(dir, name);
    if (!existsSync(file)) {
      response.writeHead(404).end();
      return;
    }
    const headers = {
      'content-type': types[path.extname(name)] ?? 'application/octet-stream',
      vary: 'Accept-Encoding',
    };
    const acceptsBrotli = /\bbr\b/.test(String(request.headers['accept-encoding'] ?? ''));
    if (acceptsBrotli && existsSync(`${file}.br`)) {
      response.writeHead(200, { ...headers, 'content-encoding': 'br' }).end(readFileSync(`${file}.br`));
    } else {
      response.writeHead(200, headers).end(readFileSync(file));
    }
  });
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      resolve({
        url: `http://127.0.0.1:${address.port}/`,
        stop: () => new Promise((done) => server.close(() => done())),
      });
    });
  });
}
