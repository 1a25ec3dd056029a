import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServer } from '../src/server.js';
import { createFixtureDirs, type FixtureDirs, testConfig } from './helpers/fixtures.js';
import { LogCapture } from './helpers/logCapture.js';

describe('POST /csp-report', () => {
  let dirs: FixtureDirs;
  let logs: LogCapture;
  let app: FastifyInstance;

  beforeAll(async () => {
    dirs = createFixtureDirs();
    logs = new LogCapture();
    app = await buildServer(testConfig(dirs), { logStream: logs });
  });

  afterAll(async () => {
    await app.close();
    dirs.cleanup();
  });

  const violations = () => logs.entries().filter((entry) => entry.msg === 'csp violation');

  it('logs a report-uri report (application/csp-report) without query strings and answers 204', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/csp-report',
      headers: { 'content-type': 'application/csp-report' },
      payload: JSON.stringify({
        'csp-report': {
          'document-uri': 'http://localhost:8080/direct?x-flow-state=secret-flow',
          'violated-directive': 'script-src-elem',
          'blocked-uri': 'https://evil.example/x.js',
        },
      }),
    });
    expect(response.statusCode).toBe(204);
    expect(violations().at(-1)).toMatchObject({
      cspViolation: {
        documentUri: 'http://localhost:8080/direct',
        directive: 'script-src-elem',
        blockedUri: 'https://evil.example/x.js',
      },
    });
    expect(logs.text).not.toContain('secret-flow');
  });

  it('logs Reporting API reports (application/reports+json)', async () => {
    const before = violations().length;
    const response = await app.inject({
      method: 'POST',
      url: '/csp-report',
      headers: { 'content-type': 'application/reports+json' },
      payload: JSON.stringify([
        {
          type: 'csp-violation',
          url: 'http://localhost:8080/verify',
          body: {
            documentURL: 'http://localhost:8080/verify',
            effectiveDirective: 'connect-src',
            blockedURL: 'https://x.example',
          },
        },
      ]),
    });
    expect(response.statusCode).toBe(204);
    expect(violations().length).toBe(before + 1);
    expect(violations().at(-1)).toMatchObject({ cspViolation: { directive: 'connect-src' } });
  });

  it('rejects a body that is not a report', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/csp-report',
      headers: { 'content-type': 'application/csp-report' },
      payload: '{"hello":"world"}',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ errorCode: 'PORTAL_INVALID_REQUEST' });
  });

  it('rejects malformed JSON with 400', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/csp-report',
      headers: { 'content-type': 'application/reports+json' },
      payload: '[{',
    });
    expect(response.statusCode).toBe(400);
  });

  it('logs at most 10 violations of one report, says how many it dropped, and cuts long fields', async () => {
    const logged = logs.lines.length;
    const long = `https://x.example/${'a'.repeat(1000)}`;
    const reports = Array.from({ length: 25 }, (_, index) => ({
      type: 'csp-violation',
      body: { documentURL: long, effectiveDirective: `connect-src-${index}`, blockedURL: long },
    }));
    const response = await app.inject({
      method: 'POST',
      url: '/csp-report',
      headers: { 'content-type': 'application/reports+json' },
      payload: JSON.stringify(reports),
    });
    expect(response.statusCode).toBe(204);
    const lines = logs.entries().slice(logged);
    const logged10 = lines.filter((entry) => entry.msg === 'csp violation');
    expect(logged10).toHaveLength(10);
    expect(lines.filter((entry) => entry.msg === 'csp violations dropped')).toEqual([
      expect.objectContaining({ dropped: 15 }),
    ]);
    const first = logged10[0]?.cspViolation as Record<string, string>;
    expect(first.documentUri).toBe(`${long.slice(0, 256)}…`);
    expect(first.blockedUri).toHaveLength(257);
    for (const line of logs.lines.slice(logged)) expect(line.length).toBeLessThan(2000);
  });
});
