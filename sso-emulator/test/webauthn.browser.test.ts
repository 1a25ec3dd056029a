import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createRequire } from 'node:module';
import { type Browser, type CDPSession, chromium, type Page } from '@playwright/test';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromiumLaunchOptions } from '../../scripts/chromium.mjs';
import { loadConfig } from '../src/config.js';
import { createEmulator } from '../src/server.js';

/**
 * A real WebAuthn registration and authentication: Chromium with a CDP virtual authenticator runs
 * navigator.credentials (via @simplewebauthn/browser) on a page served from http://localhost:<port>,
 * and the emulator (listening on another free port) generates and verifies with @simplewebauthn/server.
 */
const require = createRequire(import.meta.url);
const browserBundle = readFileSync(
  require
    .resolve('@simplewebauthn/browser')
    .replace(/(script|esm)\/index\.js$/, 'dist/bundle/index.umd.min.js'),
  'utf8',
);

type Json = Record<string, unknown>;
let pageServer: Server;
let emulator: FastifyInstance;
let browser: Browser;
let page: Page;
let cdp: CDPSession;
let pageOrigin: string;
let api: string;
let authenticatorId: string | undefined;
let authenticatorTransport: string | undefined;

beforeAll(async () => {
  pageServer = createServer((request, response) => {
    if (request.url === '/swa.js') {
      response.writeHead(200, { 'content-type': 'application/javascript' }).end(browserBundle);
      return;
    }
    response
      .writeHead(200, { 'content-type': 'text/html' })
      .end('<!doctype html><title>rp</title><script src="/swa.js"></script>');
  });
  await new Promise<void>((resolve) => pageServer.listen(0, '127.0.0.1', resolve));
  pageOrigin = `http://localhost:${(pageServer.address() as AddressInfo).port}`;
  const config = loadConfig({ EMULATOR_PORT: '0', EMULATOR_PORTAL_ORIGINS: pageOrigin });
  emulator = await createEmulator(config);
  await emulator.listen({ host: '127.0.0.1', port: 0 });
  const port = (emulator.server.address() as AddressInfo).port;
  config.publicUrl = `http://localhost:${port}`;
  api = `http://127.0.0.1:${port}/default/`;
  browser = await chromium.launch(chromiumLaunchOptions());
  page = await browser.newPage();
  await page.goto(`${pageOrigin}/`);
  cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
}, 60_000);

afterAll(async () => {
  await browser?.close();
  await emulator?.close();
  await new Promise((resolve) => pageServer?.close(resolve));
});

async function call(
  path: string,
  body: Json,
  headers: Record<string, string>,
): Promise<{ status: number; json: Json }> {
  const res = await fetch(`${api}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
  return { status: res.status, json: (await res.json()) as Json };
}

async function clientToken(): Promise<string> {
  const res = await fetch(`${api}oauth2/v1/token`, {
    method: 'POST',
    headers: {
      authorization: `Basic ${Buffer.from('portal:portal-dev-secret').toString('base64')}`,
      'content-type': 'application/x-www-form-urlencoded',
    },
    body: 'grant_type=client_credentials',
  });
  return String(((await res.json()) as Json).access_token);
}

async function toFidoStep(userName: string, bearer: string): Promise<{ fs: string; nextaction: unknown }> {
  const auth = { authorization: `Bearer ${bearer}` };
  const start = await call(
    'auth/v1/authenticate',
    { channel: 'web', action: 'authenticate', subject: userName },
    auth,
  );
  const fs = String(start.json.flowState);
  const pw = await call(
    'factor/v1/PasswordAuthenticator',
    { password: 'Passw0rd!' },
    { ...auth, 'x-flow-state': fs },
  );
  return { fs, nextaction: pw.json.nextaction };
}

const register = (optionsJSON: unknown) =>
  page.evaluate(async (o) => {
    const swa = (
      globalThis as unknown as {
        SimpleWebAuthnBrowser: { startRegistration: (a: unknown) => Promise<unknown> };
      }
    ).SimpleWebAuthnBrowser;
    try {
      return { ok: true, value: await swa.startRegistration({ optionsJSON: o }) };
    } catch (error) {
      return { ok: false, value: String((error as Error).name) };
    }
  }, optionsJSON);

const authenticate = (optionsJSON: unknown) =>
  page.evaluate(async (o) => {
    const swa = (
      globalThis as unknown as {
        SimpleWebAuthnBrowser: { startAuthentication: (a: unknown) => Promise<unknown> };
      }
    ).SimpleWebAuthnBrowser;
    return swa.startAuthentication({ optionsJSON: o });
  }, optionsJSON);

/** A fresh virtual authenticator: 'internal' = platform (biometric), 'usb' = roaming (security key). */
async function useAuthenticator(transport: 'internal' | 'usb'): Promise<void> {
  if (transport === authenticatorTransport) return;
  authenticatorTransport = transport;
  if (authenticatorId) await cdp.send('WebAuthn.removeVirtualAuthenticator', { authenticatorId });
  const added = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport,
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  authenticatorId = added.authenticatorId;
}

describe('WebAuthn in Chromium with a virtual authenticator', () => {
  it.each([
    ['kim.securitykey', 'SECURITYKEY', 'usb', { authenticatorAttachment: 'cross-platform' }],
    ['fiona.fido', 'FIDO', 'internal', { authenticatorAttachment: 'platform', userVerification: 'required' }],
    ['paula.passkey', 'PASSKEY', 'internal', { residentKey: 'required', userVerification: 'required' }],
  ] as const)(
    '%s (%s): registers inline, authenticates, refuses a replay, excludes the registered credential',
    async (userName, type, transport, selection) => {
      await useAuthenticator(transport);
      const client = await clientToken();
      const auth = { authorization: `Bearer ${client}` };

      // Registration inside the sign-in transaction (no credential yet).
      const first = await toFidoStep(userName, client);
      expect(first.nextaction).toBe(`${type}_REGISTER_GENERATE_CHALLENGE`);
      const regOptions = await call(
        'factor/v1/FIDORegChallengeGenerator',
        { userName: userName, deviceName: 'Laptop', documentDomain: pageOrigin, fidoCredType: type },
        { ...auth, 'x-flow-state': first.fs },
      );
      expect(regOptions.json.nextaction).toBe(`${type}_REGISTER_VERIFY_CHALLENGE`);
      const creation = regOptions.json.data as Json;
      expect(creation).toMatchObject({ rp: { id: 'localhost' }, authenticatorSelection: selection });
      const attestation = await register(creation);
      expect(attestation.ok).toBe(true);
      const regVerify = await call(
        'factor/v1/FIDORegChallengeVerifier',
        { ...(attestation.value as Json), fidoCredType: type },
        { ...auth, 'x-flow-state': first.fs },
      );
      expect(regVerify.json.nextaction).toBe('AUTH_ALLOWED');
      const credId = String(regVerify.json.credId);

      // Authentication in a new transaction.
      const second = await toFidoStep(userName, client);
      expect(second.nextaction).toBe(`${type}_AUTH_GENERATE_CHALLENGE`);
      const challenge = await call(
        'factor/v1/FIDOAuthChallengeGenerator',
        { documentDomain: pageOrigin, fidoCredType: type, deviceTag: true, userName: userName },
        { ...auth, 'x-flow-state': second.fs },
      );
      expect(challenge.json.nextaction).toBe(`${type}_AUTH_VERIFY_CHALLENGE`);
      const request = challenge.json.data as { challenge: string; allowCredentials: Array<{ id: string }> };
      expect(request.allowCredentials.map((c) => c.id)).toEqual([credId]);
      const assertion = (await authenticate(request)) as Json;
      const verified = await call('factor/v1/FIDOAuthChallengeVerifier', assertion, {
        ...auth,
        'x-flow-state': second.fs,
      });
      expect(verified.json.nextaction).toBe('AUTH_ALLOWED');
      const idToken = String(verified.json.id_token);

      // The same assertion cannot be used again (challenge consumed; new challenge differs).
      const third = await toFidoStep(userName, client);
      await call(
        'factor/v1/FIDOAuthChallengeGenerator',
        { documentDomain: pageOrigin, fidoCredType: type },
        { ...auth, 'x-flow-state': third.fs },
      );
      const replay = await call('factor/v1/FIDOAuthChallengeVerifier', assertion, {
        ...auth,
        'x-flow-state': third.fs,
      });
      expect(replay.status).toBe(400);
      expect(replay.json.errorCode).toBe('8800050');

      // Self-service registration with the user token excludes the registered credential.
      const tokenRes = await fetch(`${api}oauth2/v1/token`, {
        method: 'POST',
        headers: {
          authorization: `Basic ${Buffer.from('portal:portal-dev-secret').toString('base64')}`,
          'content-type': 'application/x-www-form-urlencoded',
        },
        body: new URLSearchParams({
          grant_type: 'urn:ietf:params:oauth:grant-type:jwt-bearer',
          assertion: idToken,
        }),
      });
      const userToken = String(((await tokenRes.json()) as Json).access_token);
      const selfReg = await call(
        'factor/v1/FIDORegChallengeGenerator',
        {
          userName: userName,
          documentDomain: pageOrigin,
          fidoCredType: type,
          userAccessToken: true,
          noFlowState: true,
        },
        { authorization: `Bearer ${userToken}` },
      );
      const excluded = (selfReg.json.data as { excludeCredentials: Array<{ id: string }> })
        .excludeCredentials;
      expect(excluded.map((c) => c.id)).toEqual([credId]);
      const again = await register(selfReg.json.data);
      expect(again).toEqual({ ok: false, value: 'InvalidStateError' });
    },
  );

  it('refuses an origin outside the configuration and a tampered assertion', async () => {
    await useAuthenticator('internal');
    const client = await clientToken();
    const auth = { authorization: `Bearer ${client}` };
    const step = await toFidoStep('fiona.fido', client);
    const foreign = await call(
      'factor/v1/FIDOAuthChallengeGenerator',
      { documentDomain: 'https://evil.example', fidoCredType: 'FIDO' },
      { ...auth, 'x-flow-state': step.fs },
    );
    expect(foreign.status).toBe(400);
    const wrongType = await call(
      'factor/v1/FIDOAuthChallengeGenerator',
      { documentDomain: pageOrigin, fidoCredType: 'PASSKEY' },
      { ...auth, 'x-flow-state': step.fs },
    );
    expect(wrongType.json.errorCode).toBe('8800030');
    const challenge = await call(
      'factor/v1/FIDOAuthChallengeGenerator',
      { documentDomain: pageOrigin, fidoCredType: 'FIDO' },
      { ...auth, 'x-flow-state': step.fs },
    );
    const assertion = (await authenticate(challenge.json.data)) as { response: Json };
    const tampered = {
      ...assertion,
      response: { ...assertion.response, signature: Buffer.from('not a signature').toString('base64url') },
    };
    const res = await call('factor/v1/FIDOAuthChallengeVerifier', tampered, {
      ...auth,
      'x-flow-state': step.fs,
    });
    expect(res.status).toBe(400);
    expect(res.json.errorCode).toBe('8800050');
    const garbage = await call(
      'factor/v1/FIDOAuthChallengeVerifier',
      { id: 'x' },
      { ...auth, 'x-flow-state': step.fs },
    );
    expect(garbage.status).toBe(400);
    const badReg = await call('factor/v1/FIDORegChallengeVerifier', { fidoCredType: 'FIDO' }, auth);
    expect(badReg.status).toBe(400);
  });

  it('refuses an assertion whose signature counter went backwards (cloned authenticator)', async () => {
    await useAuthenticator('internal');
    const client = await clientToken();
    const auth = { authorization: `Bearer ${client}` };
    const signIn = async () => {
      const step = await toFidoStep('fiona.fido', client);
      const challenge = await call(
        'factor/v1/FIDOAuthChallengeGenerator',
        { documentDomain: pageOrigin, fidoCredType: 'FIDO' },
        { ...auth, 'x-flow-state': step.fs },
      );
      const assertion = (await authenticate(challenge.json.data)) as Json;
      return call('factor/v1/FIDOAuthChallengeVerifier', assertion, { ...auth, 'x-flow-state': step.fs });
    };
    expect((await signIn()).json.nextaction).toBe('AUTH_ALLOWED');
    if (!authenticatorId) throw new Error('no authenticator');
    const { credentials } = await cdp.send('WebAuthn.getCredentials', { authenticatorId });
    for (const credential of credentials) {
      await cdp.send('WebAuthn.removeCredential', { authenticatorId, credentialId: credential.credentialId });
      await cdp.send('WebAuthn.addCredential', {
        authenticatorId,
        credential: { ...credential, signCount: 0 },
      });
    }
    const cloned = await signIn();
    expect(cloned.status).toBe(400);
    expect(String(cloned.json.errorMessage)).toMatch(/counter/i);
  });
});

describe('passkey autofill: a user-less challenge answered by a discoverable credential', () => {
  async function userTokenFor(userName: string, client: string): Promise<string> {
    const auth = { authorization: `Bearer ${client}` };
    const start = await call(
      'auth/v1/authenticate',
      { channel: 'web', action: 'authenticate', subject: userName },
      auth,
    );
    const pw = await call(
      'factor/v1/PasswordAuthenticator',
      { password: 'Passw0rd!' },
      { ...auth, 'x-flow-state': String(start.json.flowState) },
    );
    const res = await fetch(`${api}oauth2/v1/token`, {
      method: 'POST',
      headers: {
        authorization: `Basic ${Buffer.from('portal:portal-dev-secret').toString('base64')}`,
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: new URLSearchParams({
        grant_type: 'urn:ietf:params:oauth:grant-type:jwt-bearer',
        assertion: String(pw.json.id_token),
      }),
    });
    return String(((await res.json()) as Json).access_token);
  }

  it('finds the user by the userHandle and completes the sign-in; refuses another user or a second use', async () => {
    // A fresh authenticator holding only the passkey registered here.
    authenticatorTransport = undefined;
    await useAuthenticator('internal');
    const client = await clientToken();
    const auth = { authorization: `Bearer ${client}` };
    const userToken = await userTokenFor('pat.password', client);
    const reg = await call(
      'factor/v1/FIDORegChallengeGenerator',
      {
        userName: 'pat.password',
        deviceName: 'Passkey',
        documentDomain: pageOrigin,
        fidoCredType: 'PASSKEY',
        userAccessToken: true,
        noFlowState: true,
      },
      { authorization: `Bearer ${userToken}` },
    );
    const attestation = await register(reg.json.data);
    expect(attestation.ok).toBe(true);
    const saved = await call(
      'factor/v1/FIDORegChallengeVerifier',
      { ...(attestation.value as Json), fidoCredType: 'PASSKEY', userAccessToken: true, noFlowState: true },
      { authorization: `Bearer ${userToken}` },
    );
    expect(saved.status).toBe(200);

    // No User ID and no flow state: a new transaction and options naming no credential.
    const challenge = await call(
      'factor/v1/FIDOAuthChallengeGenerator',
      { documentDomain: pageOrigin, fidoCredType: 'PASSKEY', deviceTag: true },
      auth,
    );
    expect(challenge.json).toMatchObject({ nextaction: 'PASSKEY_AUTH_VERIFY_CHALLENGE', userName: '' });
    const fs = String(challenge.json.flowState);
    const request = challenge.json.data as { allowCredentials: unknown[]; userVerification: string };
    expect(request.allowCredentials).toEqual([]);
    expect(request.userVerification).toBe('required');
    const assertion = (await authenticate(request)) as { response: Json };

    // The userHandle says who: naming another user finds no such credential of theirs.
    const otherUser = {
      ...assertion,
      response: { ...assertion.response, userHandle: Buffer.from('sam.sms').toString('base64url') },
    };
    const refused = await call('factor/v1/FIDOAuthChallengeVerifier', otherUser, {
      ...auth,
      'x-flow-state': fs,
    });
    expect(refused.json.errorCode).toBe('8800040');

    const again = await call(
      'factor/v1/FIDOAuthChallengeGenerator',
      { documentDomain: pageOrigin, fidoCredType: 'PASSKEY', deviceTag: true },
      { ...auth, 'x-flow-state': fs },
    );
    expect(again.json.flowState).toBe(fs);
    const second = (await authenticate(again.json.data)) as Json;
    const verified = await call('factor/v1/FIDOAuthChallengeVerifier', second, {
      ...auth,
      'x-flow-state': fs,
    });
    expect(verified.json).toMatchObject({ nextaction: 'AUTH_ALLOWED', userName: 'pat.password' });
    expect(typeof verified.json.id_token).toBe('string');
    // The flow state is spent by AUTH_ALLOWED (issue 14 item 2): the replay is refused before the
    // assertion is even looked at.
    const replay = await call('factor/v1/FIDOAuthChallengeVerifier', second, { ...auth, 'x-flow-state': fs });
    expect(replay.status).toBe(401);
    expect(replay.json).toMatchObject({ errorCode: '0000010' });
  });
});
