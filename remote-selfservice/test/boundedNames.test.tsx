import type { Credential } from '../src/api/schemas';
import { DISPLAY_TEXT_LIMIT } from '@portal/shared/ui';
import { fakeServer } from '@portal/shared/test-support/fakeServer';
import { renderScreen } from '@portal/shared/test-support/render';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ManageCredentials } from '../src/credentials/ManageCredentials';
import { Welcome } from '../src/welcome/Welcome';
import { SERVICE, signedIn } from './session';

/**
 * A name at the reply limit of names and labels (256 characters, docs/contracts.md "Reply size
 * limits"): read, and shown bounded. A longer one makes the reply malformed (below).
 */
const huge = 'N'.repeat(256);
/** A 1 MB name, as a broken or hostile reply could carry. */
const megabyte = 'N'.repeat(1024 * 1024);
const shown = `${'N'.repeat(DISPLAY_TEXT_LIMIT)}…`;

describe('server names are shown bounded', () => {
  it("Welcome: 'Hello, {name}' shows at most the display limit of a long name and an ellipsis", async () => {
    signedIn();
    fakeServer({ base: SERVICE }).on('POST', 'oauth2/v1/userinfo', { text: JSON.stringify({ name: huge }) });
    renderScreen(<Welcome />, { path: '/welcome' });
    const heading = await screen.findByRole('heading', { name: `Hello, ${shown}` });
    expect(heading.textContent).toBe(`Hello, ${shown}`);
    expect((heading.getAttribute('title') ?? '').length).toBeLessThanOrEqual(1025);
  });

  it('Welcome: a 1 MB name is a malformed reply: the user is told, and greeted by the user name', async () => {
    signedIn();
    fakeServer({ base: SERVICE }).on('POST', 'oauth2/v1/userinfo', {
      text: JSON.stringify({ name: megabyte }),
    });
    renderScreen(<Welcome />, { path: '/welcome' });
    expect((await screen.findByRole('alert')).textContent).toContain(
      'The server sent a reply the portal cannot read.',
    );
    expect(document.body.textContent?.length ?? 0).toBeLessThan(5000);
  });

  it('Manage Credentials: a long credential value and type name are shown bounded', async () => {
    signedIn();
    const credential: Credential = { credId: 'x1', credType: huge, credValue: huge, status: 'ACTIVE' };
    fakeServer({ base: SERVICE }).on('GET', 'factor/v1/MeCreds', { json: [credential] });
    renderScreen(<ManageCredentials />, { path: '/self-service' });
    const [item] = await screen.findAllByRole('listitem');
    if (!item) throw new Error('no credential shown');
    expect(within(item).getByRole('heading').textContent).toBe(shown);
    // A type the portal has no name for is the server's: shown as sent, isolated (bidi).
    expect(within(item).getByRole('heading').querySelector('bdi')?.textContent).toBe(shown);
    expect(within(item).getByText(shown, { selector: '.portal-credential__value' })).toBeTruthy();
    expect(item.textContent?.length ?? 0).toBeLessThan(2000);
  });
});
