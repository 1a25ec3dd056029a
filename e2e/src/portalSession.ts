import { expect } from '@playwright/test';

/**
 * The calls the portal's page makes, over HTTP through the portal server, as a script: token
 * endpoints on the portal origin (the client secret stays server-side) and the SSO calls through
 * /common/portal/proxy/, each with the portal's Origin. The sealed refresh cookies are carried as
 * a browser would. Used by the scripted sign-ins and by the several-servers tests.
 */

export interface Reply {
  status: number;
  body: Record<string, unknown>;
  flowState: string | null;
}

const REFRESH_COOKIE_PREFIX = '__Host-portal-refresh-';
const SCOPE = 'openid email profile offline_access';

export class PortalSession {
  flowState: string | null = null;
  clientToken = '';
  /** The sealed refresh-token cookies as the portal server last set them (a cleared one is gone). */
  refreshCookies = new Map<string, string>();

  private keepRefreshCookie(response: Response): void {
    for (const header of response.headers.getSetCookie()) {
      const [pair = ''] = header.split(';');
      const [name = '', value = ''] = pair.split('=');
      if (!name.startsWith(REFRESH_COOKIE_PREFIX)) continue;
      if (value === '') this.refreshCookies.delete(name);
      else this.refreshCookies.set(name, value);
    }
  }

  constructor(private readonly portal: string) {}

  async start(): Promise<void> {
    const response = await fetch(`${this.portal}/v1/token/generate/client_token`);
    expect(response.status).toBe(200);
    const body = (await response.json()) as { access_token: string };
    expect(JSON.stringify(body)).not.toContain('portal-dev-secret');
    this.clientToken = body.access_token;
  }

  async sso(method: string, path: string, body?: unknown, token = this.clientToken): Promise<Reply> {
    const headers: Record<string, string> = {
      origin: this.portal,
      authorization: `Bearer ${token}`,
      'x-client-transaction-id': '1b4e28ba-2fa1-41d2-883f-0016d3cca427',
    };
    if (this.flowState) headers['x-flow-state'] = this.flowState;
    if (body !== undefined) headers['content-type'] = 'application/json';
    const response = await fetch(`${this.portal}/common/portal/proxy/${path}`, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    this.keepRefreshCookie(response);
    const json = (await response.json()) as Record<string, unknown>;
    if (typeof json.flowState === 'string') this.flowState = json.flowState;
    return { status: response.status, body: json, flowState: response.headers.get('x-flow-state') };
  }

  authenticate(subject: string) {
    return this.sso('POST', 'auth/v1/authenticate', {
      channel: 'web',
      action: 'authenticate',
      subject,
      rememberMe: false,
      device: { signature: 'scripted-test-fingerprint' },
    });
  }

  async password(): Promise<Reply> {
    return this.sso('POST', 'factor/v1/PasswordAuthenticator', { password: 'Passw0rd!', deviceTag: true });
  }

  /** AUTH_ALLOWED (the portal server exchanged its id_token) → userinfo, refresh, revoke, as the portal does. */
  async finish(reply: Reply, expectedName: RegExp): Promise<void> {
    expect(reply.body.nextaction).toBe('AUTH_ALLOWED');
    expect(reply.body.id_token).toBeUndefined();
    const accessToken = String(reply.body.access_token);
    const handle = String(reply.body.refresh_token);
    expect(handle).toMatch(/^rh1\.[A-Za-z0-9_-]{43}$/);
    const info = await fetch(`${this.portalUrl()}/common/portal/proxy/oauth2/v1/userinfo`, {
      method: 'POST',
      headers: { origin: this.portal, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ access_token: accessToken }),
    });
    expect(info.status).toBe(200);
    expect(String(((await info.json()) as { name?: unknown }).name)).toMatch(expectedName);
    expect(this.refreshCookies.size).toBe(1);
    const [firstCookie] = this.refreshCookies.values();
    // The cookie alone redeems nothing.
    const withoutHandle = await this.portalPost('v1/token/generate/refresh', {
      grant_type: 'refresh_token',
      refresh_token: 'cookie',
      scope: SCOPE,
    });
    expect(withoutHandle.status).toBe(401);
    const refreshed = await this.portalPost('v1/token/generate/refresh', {
      grant_type: 'refresh_token',
      refresh_token: handle,
      scope: SCOPE,
    });
    expect(refreshed.status).toBe(200);
    expect(refreshed.body.refresh_token).toBe(handle);
    expect(refreshed.body.id_token).toBeUndefined();
    // Rotated: a new sealed token.
    const [rotatedName = '', rotatedCookie = ''] = [...this.refreshCookies.entries()][0] ?? [];
    expect(rotatedCookie).not.toBe(firstCookie);
    const revoked = await this.portalPost('v1/token/revoke', { token: handle });
    expect(revoked.status).toBe(200);
    expect(this.refreshCookies.size).toBe(0);
    // The revoked token, replayed from a copy of its cookie with its handle, redeems nothing.
    this.refreshCookies.set(rotatedName, rotatedCookie);
    const afterRevoke = await this.portalPost('v1/token/generate/refresh', {
      grant_type: 'refresh_token',
      refresh_token: handle,
      scope: SCOPE,
    });
    expect(afterRevoke.status).toBeGreaterThanOrEqual(400);
  }

  private portalUrl() {
    return this.portal;
  }

  async portalPost(path: string, body: unknown) {
    const headers: Record<string, string> = { origin: this.portal, 'content-type': 'application/json' };
    if (this.refreshCookies.size > 0) {
      headers.cookie = [...this.refreshCookies].map(([name, value]) => `${name}=${value}`).join('; ');
    }
    const response = await fetch(`${this.portal}/${path}`, {
      method: 'POST',
      headers,
      body: JSON.stringify(body),
    });
    this.keepRefreshCookie(response);
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  }
}
