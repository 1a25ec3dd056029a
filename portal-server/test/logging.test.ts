import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServer } from '../src/server.js';
import { createFixtureDirs, type FixtureDirs, testConfig } from './helpers/fixtures.js';
import { LogCapture } from './helpers/logCapture.js';

describe('request logging', () => {
  let dirs: FixtureDirs;

  beforeAll(() => {
    dirs = createFixtureDirs();
  });

  afterAll(() => dirs.cleanup());

  it('logs JSON lines with the path but without query strings or credentials', async () => {
    const logs = new LogCapture();
    const app = await buildServer(testConfig(dirs), { logStream: logs });
    await app.inject({
      url: '/oauth2?x-flow-state=flow-secret-123&X-CLIENT-TRANSACTION-ID=abc',
      headers: { accept: 'text/html', authorization: 'Bearer header-token-456', cookie: 'c=cookie-789' },
    });
    await app.close();
    const incoming = logs.entries().find((entry) => entry.msg === 'incoming request');
    expect(incoming).toMatchObject({ req: { method: 'GET', url: '/oauth2' } });
    for (const secret of ['flow-secret-123', 'header-token-456', 'cookie-789'])
      expect(logs.text).not.toContain(secret);
  });
});
