import {
  AuthReplySchema,
  ClientTokenReplySchema,
  EnvironmentSchema,
  UserInfoSchema,
  UserTokenReplySchema,
} from '../../../shared/src/api/schemas';
import { expect, type Locator, type Page } from '../fixtures';
import { pendingPush } from '../pushes';
import { PASSWORD } from '../signIn';
import type { EmulatorApi } from '../fixtures';
import { bodyVariants, type FieldOptions, fieldVariants, type ReplySchema, type Variant } from './variants';

/**
 * A call family of the campaign: one call the browser makes, how a user reaches it, and what a
 * user sees when it went well. Faults are served by the SSO emulator (its fault API, armed on the
 * call's path) or, for the portal origin's own calls, by the page's network layer (`via: 'page'`).
 */
export interface Family {
  /** The call as the report names it (its path after the tenant, or on the portal origin). */
  name: string;
  call: string;
  via: 'emulator' | 'page';
  /** The reply schema the browser applies, from which the field variants are derived. */
  schema?: ReplySchema;
  fields?: FieldOptions;
  /** Up to the moment before the call (faults are armed then); returns the step that makes it. */
  reach(page: Page, emulator: EmulatorApi): Promise<() => Promise<void>>;
  /** What the user sees when the call went well. */
  onward(page: Page): Locator;
  /**
   * 'direct': the browser makes this call only when it talks to the SSO directly (behind the
   * proxy, the portal server exchanges the id_token itself); run in the campaign's direct stack.
   */
  only?: 'direct';
  /**
   * The page's request that waits on this call, when the page does not make the call itself (the
   * portal server does): a hang's busy indicator is timed from it (runCase).
   */
  seenAs?: string;
}

async function userIdStep(page: Page, userId: string): Promise<() => Promise<void>> {
  await page.goto('/direct');
  await page.getByLabel('User ID').fill(userId);
  await page.getByLabel('Remember Me').uncheck();
  return () => page.getByRole('button', { name: 'Submit' }).click();
}

async function passwordStep(page: Page, userId: string): Promise<() => Promise<void>> {
  const submit = await userIdStep(page, userId);
  await submit();
  await expect(page.getByRole('heading', { name: 'Enter your password' })).toBeVisible();
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  return () => page.getByRole('button', { name: 'Submit' }).click();
}

/** The sign-in page, which asks for its client token as it loads, with a user ID typed in. */
async function signInPage(page: Page): Promise<void> {
  await page.goto('/direct');
  await page.getByLabel('User ID').fill('pat.password');
}

/**
 * What the portal server's proxy takes out of every reply: the sign-in tokens
 * (tokens/proxiedSignIn.ts) and the trusted-device id (docs/architecture.md, "A request and its reply").
 */
const SERVER_HELD = ['id_token', 'refresh_token', 'additional.trustedDeviceId'];

/** The auth reply's fields the page shows (names, messages) or navigates to (authCompleteUrl). */
const AUTH_SHOWN = ['userName', 'data.message', 'data.errorMessage', 'errorMessage', 'nextaction'];

export const FAMILIES: readonly Family[] = [
  {
    name: 'auth/v1/authenticate',
    call: 'auth/v1/authenticate',
    via: 'emulator',
    schema: AuthReplySchema,
    fields: { shown: AUTH_SHOWN, serverHeld: SERVER_HELD },
    reach: (page) => userIdStep(page, 'pat.password'),
    onward: (page) => page.getByRole('heading', { name: 'Enter your password' }),
  },
  {
    name: 'factor/v1/PasswordAuthenticator',
    call: 'factor/v1/PasswordAuthenticator',
    via: 'emulator',
    schema: AuthReplySchema,
    // An AUTH_ALLOWED with an id_token: the proxy exchanges it and writes the reply's tokens itself.
    fields: {
      shown: ['data.errorMessage', 'errorMessage'],
      navigated: ['authCompleteUrl'],
      serverHeld: [...SERVER_HELD, 'access_token', 'expires_in'],
    },
    reach: (page) => passwordStep(page, 'pat.password'),
    onward: (page) => page.getByRole('heading', { name: /^Hello, / }),
  },
  {
    name: 'factor/v1/PushGenerator',
    call: 'factor/v1/PushGenerator',
    via: 'emulator',
    reach: (page) => passwordStep(page, 'pete.push'),
    onward: (page) => page.getByText(/^Accept push request on your /),
  },
  {
    name: 'factor/v1/PushStatus (polled)',
    call: 'factor/v1/PushStatus',
    via: 'emulator',
    schema: AuthReplySchema,
    fields: { shown: ['data.message'], serverHeld: SERVER_HELD },
    reach: async (page, emulator) => {
      await page.clock.install();
      const submit = await passwordStep(page, 'pete.push');
      await submit();
      await expect(page).toHaveURL(/\/push$/);
      await pendingPush(emulator, 'pete.push');
      await expect(page.getByText(/^Accept push request on your /)).toBeVisible();
      return () => page.clock.runFor(3000);
    },
    onward: (page) => page.getByText(/^Accept push request on your /),
  },
  {
    name: 'oauth2/v1/userinfo',
    call: 'oauth2/v1/userinfo',
    via: 'emulator',
    schema: UserInfoSchema,
    fields: { shown: ['name'] },
    reach: (page) => passwordStep(page, 'pat.password'),
    onward: (page) => page.getByRole('heading', { name: /^Hello, / }),
  },
  {
    name: 'oauth2/v1/token (client token, through the portal server)',
    call: 'oauth2/v1/token',
    via: 'emulator',
    seenAs: 'v1/token/generate/client_token',
    // The sign-in page asks for its client token as it loads.
    reach: async (page) => () => signInPage(page),
    onward: (page) => page.getByRole('button', { name: 'Submit', disabled: false }),
  },
  {
    name: 'v1/token/generate/client_token (portal origin)',
    call: '**/v1/token/generate/client_token',
    via: 'page',
    schema: ClientTokenReplySchema,
    reach: async (page) => () => signInPage(page),
    onward: (page) => page.getByRole('button', { name: 'Submit', disabled: false }),
  },
  {
    name: 'v1/token/generate/user_token (portal origin)',
    call: '**/v1/token/generate/user_token',
    via: 'page',
    only: 'direct',
    schema: UserTokenReplySchema,
    reach: (page) => passwordStep(page, 'pat.password'),
    onward: (page) => page.getByRole('heading', { name: /^Hello, / }),
  },
];

/** The variants of one family: the body classes, then its schema's fields. */
export function variantsOf(family: Family): Variant[] {
  // The page's network layer can neither cut a body mid-way nor send a header the browser refuses:
  // those two classes are the emulator's only.
  const body = bodyVariants().filter(
    (variant) => family.via === 'emulator' || !['truncated', 'headers'].includes(variant.reply?.kind ?? ''),
  );
  return [...body, ...(family.schema ? fieldVariants(family.schema, family.fields) : [])];
}

/** The start-up configuration family: the environment block in the page and its fetched fallback. */
export const ENVIRONMENT_SCHEMA = EnvironmentSchema;
