import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
// The real SSO emulator of this repository (its source, as its own tests build it).
import { loadConfig as loadEmulatorConfig } from '../../sso-emulator/src/config.js';
import { createEmulator } from '../../sso-emulator/src/server.js';
import { buildServer } from '../src/server.js';
import { createFixtureDirs, testConfig } from './helpers/fixtures.js';
import { LogCapture } from './helpers/logCapture.js';

const TRACE_ID = '0af7651916cd43dd8448eb211c80319c';
const TRACEPARENT = `00-${TRACE_ID}-b7ad6b7169203331-01`;

describe('a trace from the browser through the portal into the SSO emulator', () => {
  it('reaches the emulator with the same trace id, and both servers’ log lines carry it', async () => {
    const emulatorLogs = new LogCapture();
    const emulator = await createEmulator(
      loadEmulatorConfig({ EMULATOR_PORT: '0', EMULATOR_LOG_LEVEL: 'info' }),
      { logger: true, logStream: emulatorLogs },
    );
    await emulator.listen({ port: 0, host: '127.0.0.1' });
    const dirs = createFixtureDirs();
    const portalLogs = new LogCapture();
    const { port } = emulator.server.address() as AddressInfo;
    const portal = await buildServer(
      testConfig(dirs, {
        ssoBaseUrl: `http://127.0.0.1:${port}/default/`,
        ssoClientSecret: 'portal-dev-secret',
      }),
      { logStream: portalLogs },
    );
    try {
      // The page's first call: a client token, which the portal asks of the SSO itself.
      const token = await portal.inject({
        url: '/v1/token/generate/client_token',
        headers: { traceparent: TRACEPARENT },
      });
      expect(token.statusCode).toBe(200);
      const { access_token: accessToken } = token.json() as { access_token: string };
      portalLogs.lines.length = 0;
      const reply = await portal.inject({
        method: 'POST',
        url: '/common/portal/proxy/auth/v1/authenticate',
        headers: {
          'content-type': 'application/json',
          authorization: `Bearer ${accessToken}`,
          traceparent: TRACEPARENT,
        },
        payload: JSON.stringify({
          channel: 'web',
          action: 'authenticate',
          subject: 'pat.password',
          rememberMe: true,
          device: { signature: 'fp' },
        }),
      });
      expect(reply.statusCode, reply.body).toBe(200);
      expect(reply.json()).toMatchObject({ nextaction: 'PASSWORD_AUTH' });
      const urls = (path: string) =>
        emulatorLogs
          .entries()
          .filter((entry) => (entry.req as { url?: string } | undefined)?.url?.startsWith(path));
      expect(urls('/default/oauth2/v1/token').map((entry) => entry.trace_id)).toEqual([TRACE_ID]);
      expect(urls('/default/auth/v1/authenticate').map((entry) => entry.trace_id)).toEqual([TRACE_ID]);
      const portalLines = portalLogs.entries().filter((entry) => entry.trace_id === TRACE_ID);
      expect(portalLines.map((entry) => entry.msg)).toEqual([
        'incoming request',
        'audit',
        'request completed',
      ]);
    } finally {
      await portal.close();
      await emulator.close();
      dirs.cleanup();
    }
  });
});
