// What the floor answers: a response of the portal recorded once (status, body and headers but the
// per-connection ones), so the floor sends the same bytes as the instance.
import { request } from 'node:http';

const PER_CONNECTION = new Set(['date', 'connection', 'keep-alive', 'content-length', 'transfer-encoding']);

/** GET `url` with `headers`; the body is kept as sent (still compressed). */
export function recordResponse(url, headers) {
  return new Promise((resolve, reject) => {
    request(url, { headers }, (response) => {
      const chunks = [];
      response.on('data', (chunk) => chunks.push(chunk));
      response.on('error', reject);
      response.on('end', () => {
        const kept = Object.fromEntries(
          Object.entries(response.headers).filter(([name]) => !PER_CONNECTION.has(name)),
        );
        resolve({ status: response.statusCode ?? 0, headers: kept, body: Buffer.concat(chunks) });
      });
    })
      .on('error', reject)
      .end();
  });
}
