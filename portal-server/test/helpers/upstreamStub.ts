import { createServer, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RecordedRequest {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: string;
}

export type StubHandler = (request: RecordedRequest, response: ServerResponse) => void;

/** A real HTTP server on 127.0.0.1 standing in for the SSO; it records every request it gets. */
export interface UpstreamStub {
  baseUrl: string;
  requests: RecordedRequest[];
  /** Resolves once every call that reached the stub has been recorded (cut-off calls end late). */
  settled: () => Promise<void>;
  handle(handler: StubHandler): void;
  close(): Promise<void>;
}

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

export async function startUpstreamStub(tenantPath = '/default/'): Promise<UpstreamStub> {
  const requests: RecordedRequest[] = [];
  let inFlight = 0;
  let handler: StubHandler = (_request, response) => {
    response.writeHead(404).end();
  };
  const server = createServer((request, response) => {
    // A request the proxy cut off (a body over its limit) is recorded with what arrived.
    inFlight += 1;
    void readBody(request)
      .catch(() => '<aborted>')
      .then((body) => {
        const recorded = {
          method: request.method ?? '',
          url: request.url ?? '',
          headers: request.headers,
          body,
        };
        requests.push(recorded);
        inFlight -= 1;
        if (!response.destroyed) handler(recorded, response);
      });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}${tenantPath}`,
    requests,
    settled: async () => {
      for (let waited = 0; inFlight > 0 && waited < 5000; waited += 10) {
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
    },
    handle: (next) => {
      handler = next;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A base URL nothing listens on: connections are refused. */
export async function unreachableBaseUrl(): Promise<string> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return `http://127.0.0.1:${port}/default/`;
}

/**
 * An SSO that walks sign-in flows: authenticate starts a new flow (its reply names no user, so the
 * proxy learns the user from the request), every other call answers the next step of the flow it
 * names. Each handler counts its own flows.
 */
export function flowSteps(): StubHandler {
  let flows = 0;
  return (request, response) => {
    const flowState = request.url.endsWith('auth/v1/authenticate')
      ? `flow-${++flows}`
      : String(request.headers['x-flow-state'] ?? '');
    response
      .writeHead(200, { 'content-type': 'application/json' })
      .end(JSON.stringify({ nextaction: 'AUTH_REQUIRED', flowState }));
  };
}
