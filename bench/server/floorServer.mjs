// The floor: a bare node:http server, in its own process like a portal instance, answering each
// path with bytes and headers recorded from the portal (body, content-type, content-encoding, the
// security headers…), so the two send the same bytes and the difference is the portal's own work.
// Run as a child: FLOOR_RESPONSES=<responses.json> PORT=<port> node floorServer.mjs; prints one JSON
// 'listening' line.
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';

/** responses.json: { "<path>": { "status": 200, "headers": {…}, "body": "<file>" } }. */
function loadResponses(file) {
  const described = JSON.parse(readFileSync(file, 'utf8'));
  return new Map(
    Object.entries(described).map(([urlPath, { status, headers, body }]) => [
      urlPath,
      { status, headers, body: readFileSync(body) },
    ]),
  );
}

{
  const responses = loadResponses(process.env.FLOOR_RESPONSES ?? '');
  const server = createServer((request, response) => {
    const found = responses.get((request.url ?? '/').split('?', 1)[0]);
    if (!found) {
      response.writeHead(404).end();
      return;
    }
    response.writeHead(found.status, { ...found.headers, 'content-length': found.body.length });
    response.end(found.body);
  });
  // The portal's keep-alive timeout, so neither closes connections the load generator reuses.
  server.keepAliveTimeout = 72_000;
  server.listen(Number(process.env.PORT ?? 0), '127.0.0.1', () => {
    const address = server.address();
    process.stdout.write(
      `${JSON.stringify({ msg: 'listening', url: `http://127.0.0.1:${address.port}/` })}\n`,
    );
  });
  process.on('SIGTERM', () => server.close(() => process.exit(0)));
}
