import type { FastifyInstance } from 'fastify';
import { type EmulatorConfig, loadConfig } from '../src/config.js';
import { createEmulator } from '../src/server.js';

export const PASSWORD = 'Passw0rd!';
const BASIC = `Basic ${Buffer.from('portal:portal-dev-secret').toString('base64')}`;

export interface CallOptions {
  body?: unknown;
  form?: Record<string, string>;
  flowState?: string;
  token?: string;
  headers?: Record<string, string>;
}

export interface Reply {
  status: number;
  json: Record<string, unknown> & { flowState?: string; nextaction?: string; errorCode?: string };
  text: string;
  headers: Record<string, string | string[] | number | undefined>;
}

/** An emulator instance driven through `inject`, with helpers for the calls a portal makes. */
export class Harness {
  private constructor(
    readonly app: FastifyInstance,
    readonly config: EmulatorConfig,
  ) {}

  static async start(env: Record<string, string> = {}): Promise<Harness> {
    const config = loadConfig({ EMULATOR_PORT: '8090', ...env });
    return new Harness(await createEmulator(config), config);
  }

  async call(
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    path: string,
    options: CallOptions = {},
  ): Promise<Reply> {
    const headers: Record<string, string> = { ...options.headers };
    if (options.flowState) headers['x-flow-state'] = options.flowState;
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    let payload: string | undefined;
    if (options.form) {
      headers['content-type'] = 'application/x-www-form-urlencoded';
      payload = new URLSearchParams(options.form).toString();
    } else if (options.body !== undefined) {
      headers['content-type'] = 'application/json';
      payload = JSON.stringify(options.body);
    }
    const url = path.startsWith('/') ? path : `/default/${path}`;
    const res = await this.app.inject({
      method,
      url,
      headers,
      ...(payload === undefined ? {} : { payload }),
    });
    let json: Reply['json'] = {};
    try {
      json = JSON.parse(res.body) ?? {};
    } catch {
      json = {};
    }
    return { status: res.statusCode, json, text: res.body, headers: res.headers };
  }

  async token(form: Record<string, string>, authorization = BASIC): Promise<Reply> {
    return this.call('POST', 'oauth2/v1/token', { form, headers: { authorization } });
  }

  async clientToken(): Promise<string> {
    const res = await this.token({ grant_type: 'client_credentials' });
    return String(res.json.access_token);
  }

  async userTokens(idToken: string): Promise<Reply['json']> {
    const res = await this.token({
      grant_type: 'urn:ietf:params:oauth:grant-type:jwt-bearer',
      assertion: idToken,
    });
    return res.json;
  }

  /**
   * The portal's oauth2 hand-back: GET the AUTH_ALLOWED reply's authCompleteUrl (absolute or
   * relative to the tenant URL, its completion secret kept) with x-flow-state added.
   */
  async authComplete(allowed: Reply, flowState: string, cookie = ''): Promise<Reply> {
    const target = new URL(String(allowed.json.authCompleteUrl), `http://localhost:8090/default/`);
    target.searchParams.set('x-flow-state', flowState);
    return this.call('GET', `${target.pathname}${target.search}`, cookie ? { headers: { cookie } } : {});
  }

  /** authenticate with a user ID; returns the reply. */
  async authenticate(subject: string, token: string, flowState?: string): Promise<Reply> {
    return this.call('POST', 'auth/v1/authenticate', {
      token,
      ...(flowState ? { flowState } : {}),
      body: {
        channel: 'web',
        action: 'authenticate',
        subject,
        rememberMe: true,
        device: { signature: 'fp' },
      },
    });
  }

  async lastCode(userName: string): Promise<string> {
    const res = await this.call('GET', '/_emulator/api/outbox');
    const entries = JSON.parse(res.text) as Array<{ userName: string; code: string }>;
    const entry = entries.filter((e) => e.userName === userName).at(-1);
    if (!entry) throw new Error(`no code for ${userName}`);
    return entry.code;
  }

  /** Signs a user in (password, then SMS if asked) and returns the user tokens. */
  async signedIn(
    userName = 'pat.password',
  ): Promise<{ access_token: string; refresh_token: string; id_token: string }> {
    const client = await this.clientToken();
    const start = await this.authenticate(userName, client);
    const flowState = String(start.json.flowState);
    let done = await this.call('POST', 'factor/v1/PasswordAuthenticator', {
      token: client,
      flowState,
      body: { password: PASSWORD },
    });
    if (done.json.nextaction === 'FACTOR_SELECTION') {
      done = await this.call('POST', 'auth/v1/SelectedFactor', {
        token: client,
        flowState,
        body: { factor: 'SMSOTP' },
      });
    }
    if (done.json.nextaction === 'SMS_OTP_SELECTION') {
      const [cred] = done.json.credentials as Array<{ credId: string }>;
      const credId = cred?.credId ?? '';
      const body = { credId, credType: 'sms', action: 'login' };
      await this.call('POST', 'factor/v1/OTPGenerator', { token: client, flowState, body });
      const otp = await this.lastCode(userName);
      done = await this.call('POST', 'factor/v1/OTPVerifier', {
        token: client,
        flowState,
        body: { credId, otp },
      });
    }
    const tokens = await this.userTokens(String(done.json.id_token));
    return {
      access_token: String(tokens.access_token),
      refresh_token: String(tokens.refresh_token),
      id_token: String(tokens.id_token),
    };
  }

  close(): Promise<void> {
    return this.app.close();
  }
}
