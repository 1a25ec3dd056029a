import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServer } from '../src/server.js';
import { createFixtureDirs, type FixtureDirs, packageDir, testConfig } from './helpers/fixtures.js';

const words = JSON.parse(readFileSync(path.join(packageDir, 'content', 'emea-cookies.json'), 'utf8')) as {
  title: string;
  lead: string[];
  sections: {
    heading: string;
    blocks: { type: string; caption?: string; text?: string; rows?: string[][] }[];
  }[];
  updated: string;
};

/** The directives of a Content-Security-Policy header, by name. */
function directives(header: unknown): Map<string, string[]> {
  return new Map(
    String(header)
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .map(([name = '', ...values]) => [name, values]),
  );
}

describe('/emea-cookies: a static page with no script', () => {
  let dirs: FixtureDirs;
  let app: FastifyInstance;

  beforeAll(async () => {
    dirs = createFixtureDirs();
    app = await buildServer(testConfig(dirs, { embedOrigins: ['https://www.example.eu'] }), {
      logStream: { write: () => {} },
    });
  });

  afterAll(async () => {
    await app.close();
    dirs.cleanup();
  });

  it.each(['/emea-cookies', '/emea-cookies/'])(
    '%s is the server-rendered notice, not the SPA',
    async (url) => {
      const response = await app.inject({ url, headers: { accept: 'text/html' } });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(response.body).toContain(`<h1 id="page-title">${words.title}</h1>`);
      expect(response.body).not.toContain('id="root"');
    },
  );

  it('carries every word of its content file, escaped as text', async () => {
    const { body } = await app.inject({ url: '/emea-cookies' });
    const escaped = (value: string) =>
      value.replaceAll('&', '&amp;').replaceAll("'", '&#39;').replaceAll('"', '&quot;');
    expect(body).toContain(`<title>${escaped(words.title)}</title>`);
    for (const paragraph of words.lead) expect(body).toContain(`<p>${escaped(paragraph)}</p>`);
    for (const section of words.sections) {
      expect(body).toContain(`>${escaped(section.heading)}</h2>`);
      for (const block of section.blocks) {
        if (block.text) expect(body).toContain(escaped(block.text));
        if (block.caption) expect(body).toContain(`>${escaped(block.caption)}</caption>`);
        for (const row of block.rows ?? [])
          for (const cell of row) expect(body).toContain(`>${escaped(cell)}</`);
      }
    }
    expect(body).toContain(`<p class="updated">${escaped(words.updated)}</p>`);
  });

  it('has no script: no <script> element, no event handler attribute, no javascript: URL', async () => {
    const { body } = await app.inject({ url: '/emea-cookies' });
    expect(body).not.toMatch(/<script/i);
    expect(body).not.toMatch(/\son[a-z]+=/i);
    expect(body).not.toMatch(/javascript:/i);
    expect(body).toContain('<link rel="stylesheet" href="/emea-cookies.css">');
  });

  it('is served with a policy that allows no script, its own stylesheet, framed by EMBED_ORIGINS only', async () => {
    const response = await app.inject({ url: '/emea-cookies' });
    const csp = directives(response.headers['content-security-policy']);
    expect(csp.get('script-src')).toEqual(["'none'"]);
    expect(csp.get('default-src')).toEqual(["'none'"]);
    expect(csp.get('style-src')).toEqual(["'self'"]);
    expect(csp.get('frame-ancestors')).toEqual(['https://www.example.eu']);
    expect(csp.has('require-trusted-types-for')).toBe(false);
    expect(response.headers['x-frame-options']).toBeUndefined();
  });

  it('serves its stylesheet, which the rest of the portal does not frame', async () => {
    const response = await app.inject({ url: '/emea-cookies.css' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/css; charset=utf-8');
    expect(response.body).toContain('.table-scroll');
    expect(directives(response.headers['content-security-policy']).get('frame-ancestors')).toEqual([
      "'none'",
    ]);
  });

  it('every other page keeps the full policy and cannot be framed', async () => {
    const response = await app.inject({ url: '/direct', headers: { accept: 'text/html' } });
    const csp = directives(response.headers['content-security-policy']);
    expect(csp.get('script-src')).toContain("'self'");
    expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
  });
});
