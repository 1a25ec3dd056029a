/**
 * What a harness address asks for (tooling/harness, README "Developing one remote"):
 *
 *   ?expose=./Otp&path=/sotp&state=factor&user=sam.sms
 *   ?expose=./SelfService&path=/self-service&signedIn=pat.password
 *
 * - `expose` and `path`: the screen and the address its router starts at; without `expose` the
 *   harness shows its index of every expose.
 * - `state=factor&user=<user>`: a sign-in for that fixture user really started against the SSO
 *   (through the portal server): the User ID step, the password when the step asks for it
 *   (unless `path` is the password page itself), and the reply reached opens the screen as a
 *   factor step (status 1, its flow state, the reply the screen reads).
 * - `signedIn=<user>`: that user signed in (User ID and password: a password-only user such as
 *   pat.password), the user token kept (status 2), for the screens only a signed-in user sees.
 * - `password`: the fixture password unless given (every fixture user's is Passw0rd!).
 * Every address gets a client token first, as the host's login start does.
 */
export type HarnessSession =
  | { kind: 'none' }
  | { kind: 'factor'; user: string; password: string }
  | { kind: 'signedIn'; user: string; password: string };

export interface HarnessAddress {
  expose: string | null;
  path: string;
  session: HarnessSession;
}

/** The password of every fixture user of the SSO emulator (sso-emulator/README.md). */
export const FIXTURE_PASSWORD = 'Passw0rd!';

/** Reads the address; a state that lacks its user is an error the harness shows. */
export function readHarnessAddress(search: string): HarnessAddress | { error: string } {
  const params = new URLSearchParams(search);
  const expose = params.get('expose');
  const path = params.get('path') ?? '/';
  const password = params.get('password') ?? FIXTURE_PASSWORD;
  const signedIn = params.get('signedIn');
  const state = params.get('state');
  if (signedIn) return { expose, path, session: { kind: 'signedIn', user: signedIn, password } };
  if (state === 'factor') {
    const user = params.get('user');
    if (!user) return { error: 'state=factor needs the user whose sign-in it starts: &user=sam.sms' };
    return { expose, path, session: { kind: 'factor', user, password } };
  }
  if (state !== null && state !== 'none') {
    return { error: `state=${state}: the harness knows state=factor (with &user=) and signedIn=<user>` };
  }
  return { expose, path, session: { kind: 'none' } };
}

/** The address of one screen in the harness, as the index links it. */
export function harnessHref(expose: string, path: string, session: HarnessSession): string {
  const params = new URLSearchParams({ expose, path });
  if (session.kind === 'factor') {
    params.set('state', 'factor');
    params.set('user', session.user);
  }
  if (session.kind === 'signedIn') params.set('signedIn', session.user);
  return `?${params}`;
}
