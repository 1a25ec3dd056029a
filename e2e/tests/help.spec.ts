import { readFileSync } from 'node:fs';
import { editStartupData } from '../src/startupData';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { expect, guarded as plain, type Page, test } from '../src/fixtures';
import { type PortalStack, repoRoot, startStack } from '../src/servers';

// The remote_help pages (spec section 2: Help page, /cookies, /emea-cookies, /aboutAuthHub,
// /sms-terms-of-service). Texts beyond the spec's come from remote-help/content/*.json, read here
// so that the business can edit them without breaking the suite.

type Audience = 'clients' | 'employees';
interface Phone {
  region: string;
  number: string;
}
interface PortalConfig {
  audience: Audience;
  support: { email: string; phones: Record<Audience, Phone[]> };
}
interface PageContent {
  lead?: string[];
  sections: { heading: string }[];
}
interface HelpContent extends PageContent {
  contact: { heading: string; phonesCaption: string };
  unlock: { heading: string };
  troubleshoot: { heading: string };
}

const content = <T>(file: string): T =>
  JSON.parse(readFileSync(path.join(repoRoot, 'remote-help/content', file), 'utf8')) as T;

const spec = {
  hours: {
    clients: 'Client support hours: Sunday 8 pm to Friday 8 pm Eastern.',
    employees: 'Employee support hours: 24/7.',
  },
  regions: {
    clients: ['Asia Pacific Toll Free', 'Asia Pacific', 'Europe', 'US Toll Free', 'US'],
    employees: ['Asia Pacific', 'Europe', 'US Toll Free'],
  },
};

/** Numbers that exist only in this test, to show the page takes them from the configuration. */
const employeePhones: Phone[] = [
  { region: 'US Toll Free', number: '+1 800 555 0913' },
  { region: 'Asia Pacific', number: '+65 5550 0911' },
  { region: 'Europe', number: '+44 20 5550 0912' },
];

/** Serves the portal configuration with another audience (and employee numbers) for this page only. */
async function serveAudience(page: Page, audience: Audience): Promise<void> {
  await editStartupData(page, {
    portalConfig: { audience, support: { phones: { employees: employeePhones } } },
  });
}

const remoteRoot = (page: Page) => page.locator('[data-remote="remote_help"]');

async function phoneRows(page: Page): Promise<string[][]> {
  const rows = remoteRoot(page).getByRole('table').getByRole('row');
  await expect(rows.first()).toBeVisible();
  const all = await rows.evaluateAll((trs) =>
    trs.map((tr) => [...tr.querySelectorAll('th, td')].map((cell) => cell.textContent ?? '')),
  );
  return all.slice(1);
}

test.describe('Login Assistance (/help)', () => {
  test('clients (the configured audience): hours, regional numbers and e-mail from the configuration', async ({
    page,
    request,
    pageErrors: _,
  }) => {
    const config = (await (await request.get('/v1/config/portal')).json()) as PortalConfig;
    expect(config.audience).toBe('clients');
    const wording = content<HelpContent>('help.clients.json');

    await page.goto('/help');
    await expect(page.getByRole('heading', { name: 'Login Assistance', level: 1 })).toBeVisible();
    await expect(page.getByText(spec.hours.clients)).toBeVisible();
    await expect(page.getByText(spec.hours.employees)).toHaveCount(0);
    await expect(page.getByRole('table', { name: wording.contact.phonesCaption })).toBeVisible();
    const numbers = new Map(config.support.phones.clients.map((p) => [p.region, p.number]));
    expect(await phoneRows(page)).toEqual(
      spec.regions.clients.map((region) => [region, numbers.get(region)]),
    );

    const unlock = page.getByRole('region', { name: wording.unlock.heading });
    await expect(unlock.getByRole('link', { name: config.support.email })).toHaveAttribute(
      'href',
      `mailto:${config.support.email}`,
    );
    const h2s = await remoteRoot(page).getByRole('heading', { level: 2 }).allTextContents();
    expect(h2s).toEqual([
      wording.contact.heading,
      wording.unlock.heading,
      wording.troubleshoot.heading,
      ...wording.sections.map((s) => s.heading),
    ]);
  });

  test('employees: 24/7 and the three employee regions with the configured numbers', async ({
    page,
    pageErrors: _,
  }) => {
    await serveAudience(page, 'employees');
    const wording = content<HelpContent>('help.employees.json');

    await page.goto('/help');
    await expect(page.getByRole('heading', { name: 'Login Assistance', level: 1 })).toBeVisible();
    await expect(page.getByText(spec.hours.employees)).toBeVisible();
    await expect(page.getByText(spec.hours.clients)).toHaveCount(0);
    await expect(page.getByRole('heading', { name: wording.contact.heading, level: 2 })).toBeVisible();
    const numbers = new Map(employeePhones.map((p) => [p.region, p.number]));
    expect(await phoneRows(page)).toEqual(
      spec.regions.employees.map((region) => [region, numbers.get(region)]),
    );
  });

  test("'Copy to Clipboard' copies the shown lines, turns to 'Copied!' and is back after 1 s", async ({
    page,
    context,
    pageErrors: _,
  }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    const start = new Date('2026-11-22T00:00:00.000Z');
    await page.clock.install({ time: start });
    const transactionId = '3b241101-e2bb-4255-8caf-4136c566a962';

    await page.goto(`/help?X-CLIENT-TRANSACTION-ID=${transactionId}`);
    const box = page.getByRole('region', {
      name: content<HelpContent>('help.clients.json').troubleshoot.heading,
    });
    await expect(box.getByRole('button', { name: 'Copy to Clipboard' })).toBeVisible();
    // From here on, time moves only when the test says so.
    await page.clock.pauseAt(new Date(start.getTime() + 60_000));

    const lines = await box.getByRole('listitem').allTextContents();
    expect(lines[0]).toMatch(/^Timestamp: \d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    expect(lines).toContain(`Client Transaction ID: ${transactionId}`);

    await box.getByRole('button', { name: 'Copy to Clipboard' }).click();
    const copied = box.getByRole('button', { name: 'Copied!' });
    await expect(copied).toBeVisible();
    await expect(copied).toBeDisabled();
    await expect(box.getByRole('status')).toHaveText('Copied!');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(lines.join('\n'));

    await page.clock.runFor(999);
    await expect(copied).toBeVisible();
    await page.clock.runFor(1);
    await expect(box.getByRole('button', { name: 'Copy to Clipboard' })).toBeEnabled();
    await expect(box.getByRole('status')).toHaveText('');
  });
});

const infoPages = [
  { path: '/cookies', title: 'Cookie Notice', file: 'cookies.json' },
  { path: '/aboutAuthHub', title: 'About the Authentication Hub', file: 'about.json' },
  { path: '/sms-terms-of-service', title: 'SMS Terms of Service', file: 'sms-terms.json' },
];

for (const audience of ['clients', 'employees'] as const) {
  test.describe(`information pages, ${audience}`, () => {
    for (const info of infoPages) {
      test(`${info.path} shows '${info.title}' and its content`, async ({ page, pageErrors: _ }) => {
        if (audience !== 'clients') await serveAudience(page, audience);
        const pageContent = content<PageContent>(info.file);

        await page.goto(info.path);
        const h1 = page.getByRole('heading', { level: 1 });
        await expect(h1).toHaveText(info.title);
        await expect(h1).toHaveCount(1);
        expect(await remoteRoot(page).getByRole('heading', { level: 2 }).allTextContents()).toEqual(
          pageContent.sections.map((s) => s.heading),
        );
        for (const lead of pageContent.lead ?? []) await expect(page.getByText(lead)).toBeVisible();
        // Exactly one main landmark: the host's.
        await expect(page.getByRole('main')).toHaveCount(1);
        await expect(page.getByRole('contentinfo')).toHaveCount(1);
      });
    }

    test('/aboutAuthHub tells of increased security and passwordless authentication', async ({
      page,
      pageErrors: _,
    }) => {
      if (audience !== 'clients') await serveAudience(page, audience);
      await page.goto('/aboutAuthHub');
      await expect(
        page.getByText('The Authentication Hub offers increased security and passwordless authentication.'),
      ).toBeVisible();
      await expect(page.getByRole('heading', { name: 'Increased security', level: 2 })).toBeVisible();
      await expect(
        page.getByRole('heading', { name: 'Passwordless authentication', level: 2 }),
      ).toBeVisible();
    });
  });
}

test.describe('an information page in another locale (issue 26)', () => {
  test.use({ locale: 'de-DE' });

  test("/cookies arrives in German: the page's title, headings and table in the locale's content file", async ({
    page,
    pageErrors: _,
  }) => {
    const pageContent = content<PageContent>('de-DE/cookies.json');
    await page.goto('/cookies');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Cookie-Hinweis');
    expect(await remoteRoot(page).getByRole('heading', { level: 2 }).allTextContents()).toEqual(
      pageContent.sections.map((s) => s.heading),
    );
    await expect(page.getByRole('columnheader', { name: 'Zweck' })).toBeVisible();
    await expect(page.getByText('Zuletzt aktualisiert am 1. November 2026')).toBeVisible();
    await expect(page).toHaveTitle('Cookie-Hinweis – Authentifizierungsportal');
  });
});

test('the footer leads to the cookie notice, the SMS terms and Login Assistance', async ({
  page,
  pageErrors: _,
}) => {
  await page.goto('/aboutAuthHub');
  const footer = page.getByRole('contentinfo');
  for (const [link, title] of [
    ['Cookie Policy', 'Cookie Notice'],
    ['SMS Terms of Service', 'SMS Terms of Service'],
    ['Login Assistance', 'Login Assistance'],
  ] as const) {
    await footer.getByRole('link', { name: link }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
  }
});

interface FramingSite {
  origin: string;
  server: Server;
  /** What the site's iframe shows; known only once the portal runs. */
  frameSrc: string;
}

/** Another site (its own origin) whose page frames the embedded cookie notice. */
async function framingSite(): Promise<FramingSite> {
  const site = { origin: '', frameSrc: 'about:blank' } as FramingSite;
  site.server = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    response.end(
      '<!doctype html><html lang="en"><title>Company EMEA site</title><h1>Company EMEA site</h1>' +
        `<iframe title="Cookie notice" src="${site.frameSrc}" width="800" height="600"` +
        ` onload="this.dataset.loaded = 'yes'"></iframe>`,
    );
  });
  await new Promise<void>((resolve) => site.server.listen(0, '127.0.0.1', resolve));
  site.origin = `http://127.0.0.1:${(site.server.address() as AddressInfo).port}`;
  return site;
}

plain.describe('/emea-cookies inside another site’s frame', () => {
  let allowed: FramingSite;
  let other: FramingSite;
  let stack: PortalStack;

  plain.beforeAll(async () => {
    allowed = await framingSite();
    other = await framingSite();
    stack = await startStack({ portalEnv: { LOG_LEVEL: 'warn', EMBED_ORIGINS: allowed.origin } });
    for (const site of [allowed, other]) site.frameSrc = `${stack.portalUrl}/emea-cookies`;
  });

  plain.afterAll(async () => {
    await stack?.stop();
    for (const site of [allowed, other]) site?.server.close();
  });

  const frameOf = (page: Page) => page.frameLocator('iframe[title="Cookie notice"]');

  plain(
    'a configured origin can frame it, and it shows without the shell and without a script',
    async ({ page }) => {
      await page.goto(allowed.origin);
      await expect(frameOf(page).getByRole('heading', { name: 'Cookie Notice', level: 1 })).toBeVisible();
      await expect(frameOf(page).getByRole('main')).toHaveCount(1);
      await expect(frameOf(page).getByRole('contentinfo')).toHaveCount(0);
      await expect(frameOf(page).locator('script')).toHaveCount(0);
      await expect(frameOf(page).getByRole('table', { name: 'Strictly necessary cookies' })).toBeVisible();
    },
  );

  plain('another origin cannot', async ({ page }) => {
    await page.goto(other.origin);
    // The browser refuses the framed page and loads its error page in the frame instead.
    await expect(page.locator('iframe[data-loaded="yes"]')).toHaveCount(1);
    // Not the portal's page at all: not even the host's empty root, which is there at load.
    await expect(frameOf(page).locator('#root')).toHaveCount(0);
    await expect(frameOf(page).getByRole('heading', { name: 'Cookie Notice' })).toHaveCount(0);
  });
});

test('/emea-cookies is a static page: the words of its content file, no script, a policy that allows none', async ({
  page,
}) => {
  const words = JSON.parse(
    readFileSync(path.join(repoRoot, 'portal-server/content/emea-cookies.json'), 'utf8'),
  ) as { title: string; lead: string[]; sections: { heading: string }[]; updated: string };
  const response = await page.goto('/emea-cookies');
  expect(response?.headers()['content-security-policy']).toContain("script-src 'none'");
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(words.title);
  expect(await page.getByRole('heading', { level: 2 }).allTextContents()).toEqual(
    words.sections.map((section) => section.heading),
  );
  for (const lead of words.lead) await expect(page.getByText(lead)).toBeVisible();
  await expect(page.getByText(words.updated)).toBeVisible();
  await expect(page.getByRole('main')).toHaveCount(1);
  await expect(page.getByRole('contentinfo')).toHaveCount(0);
  await expect(page.locator('script')).toHaveCount(0);
  // Not the SPA: no host root, nothing of the federation runtime.
  await expect(page.locator('#root')).toHaveCount(0);
});
