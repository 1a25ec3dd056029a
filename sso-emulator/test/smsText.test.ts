import { afterEach, describe, expect, it } from 'vitest';
import { Harness, PASSWORD } from './harness.js';

let h: Harness | undefined;
afterEach(() => h?.close());

/** Signs `userName` in up to its code step and asks for a code; returns the outbox entry. */
async function sendCode(harness: Harness, userName: string, credType: string) {
  const client = await harness.clientToken();
  const start = await harness.authenticate(userName, client);
  const flowState = String(start.json.flowState);
  const reply = await harness.call('POST', 'factor/v1/PasswordAuthenticator', {
    token: client,
    flowState,
    body: { password: PASSWORD },
  });
  const credId = (reply.json.credentials as Array<{ credId: string }>)[0]?.credId ?? '';
  await harness.call('POST', 'factor/v1/OTPGenerator', {
    token: client,
    flowState,
    body: { credId, credType, action: 'login', deviceTag: true },
  });
  const outbox = JSON.parse((await harness.call('GET', '/_emulator/api/outbox')).text);
  return outbox.at(-1) as { code: string; text: string };
}

describe('the text of a code message', () => {
  it('an SMS ends with the WebOTP line bound to the portal host', async () => {
    h = await Harness.start();
    const sent = await sendCode(h, 'sam.sms', 'sms');
    const lines = sent.text.split('\n');
    expect(lines[0]).toBe(`Your Authentication Hub security code is ${sent.code}.`);
    expect(lines.at(-1)).toBe(`@localhost #${sent.code}`);
  });

  it('the host comes from the configured portal origin (its host name, without port)', async () => {
    h = await Harness.start({ EMULATOR_PORTAL_ORIGINS: 'https://portal.example.com:8443' });
    const sent = await sendCode(h, 'sam.sms', 'sms');
    expect(sent.text.split('\n').at(-1)).toBe(`@portal.example.com #${sent.code}`);
  });

  it('an e-mail has no WebOTP line', async () => {
    h = await Harness.start();
    const sent = await sendCode(h, 'emma.email', 'email');
    expect(sent.text).toBe(`Your Authentication Hub security code is ${sent.code}.`);
  });
});
