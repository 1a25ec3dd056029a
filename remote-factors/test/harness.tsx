import './routing';
import { mergeContributions, type RemoteContributions } from '@portal/contributions/merge';
import { type ContributionsInput, parseContributions } from '@portal/contributions/schema';
import type { AuthReply } from '@portal/shared/transport';
import { contributionsAtom } from '@portal/shared/contributions';
import {
  authStatusAtom,
  clientTokenAtom,
  errorMessageAtom,
  factorOptionsAtom,
  factorReplyAtom,
  flowStateAtom,
  selectionLevelAtom,
  serviceUrlAtom,
  userNameAtom,
  AuthStatus,
  portalStore,
} from '@portal/shared/session';
import { render } from '@testing-library/react';
import { Provider } from 'jotai';
import type { ReactElement } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { fakeServer, type RecordedRequest, type Reply } from '@portal/shared/test-support/fakeServer';
import { InLocale } from '@portal/shared/test-support/render';
import factorContributions from '../src/contributions';

export const SERVICE = 'http://sso.test/default/';
const PROXY = '/common/portal/proxy/';

/** One recorded call, as the fake server records it: `path` is after the service or proxy base. */
export type Call = RecordedRequest;

/** A reply for a call: a JSON body with a status (200 by default). */
type Answer = { status?: number; body: unknown } | ((call: Call) => { status?: number; body: unknown });

const toReply =
  (answer: Answer) =>
  (call: Call): Reply => {
    const { status, body } = typeof answer === 'function' ? answer(call) : answer;
    return { status: status ?? 200, json: body };
  };

/**
 * The shared fake server, keyed by call path: each path takes its answers in order (the last one
 * repeats), whichever the method. A call to any other path fails the test. Returns the recorded calls.
 */
export function stubServer(answers: Record<string, Answer[]>): Call[] {
  const server = fakeServer({ base: [SERVICE, PROXY] });
  for (const [path, list] of Object.entries(answers)) {
    for (const method of ['GET', 'POST', 'PUT', 'DELETE'] as const)
      server.on(method, path, ...list.map(toReply));
  }
  return server.requests;
}

/** A remote's contributions as the portal server reads them from its manifest. */
export function remoteContributions(remote: string, input: ContributionsInput): RemoteContributions {
  const parsed = parseContributions(input);
  if (!parsed.ok) throw new Error(`${remote}: ${parsed.problem}`);
  return { remote, contributions: parsed.value };
}

/** The sign-in remote's factors (remote-login contributes them), as the live page has them. */
export const signInRemote = remoteContributions('remote_login', {
  version: 1,
  routes: [],
  nextActions: [{ action: 'PASSWORD_AUTH', path: '/verify' }],
  factors: [
    { code: 'PASSWORD', label: 'Password' },
    { code: 'IDP', label: 'Identity Provider' },
  ],
});

/**
 * The merged contributions the host puts in `contributionsAtom` at start-up: this remote's, then
 * the others given (by default the sign-in remote's), in remotes.json order.
 */
export function liveContributions(others: readonly RemoteContributions[] = [signInRemote]): void {
  const { merged, refused } = mergeContributions([
    remoteContributions('remote_factors', factorContributions),
    ...others,
  ]);
  if (refused.length > 0) throw new Error(refused.map((refusal) => refusal.message).join('\n'));
  portalStore.set(contributionsAtom, merged);
}

/** The session as a factor screen finds it after the password step. */
export function factorSession(reply: AuthReply, options: { userName?: string | null } = {}): void {
  portalStore.set(serviceUrlAtom, SERVICE);
  portalStore.set(clientTokenAtom, 'client-token');
  portalStore.set(userNameAtom, options.userName === undefined ? 'sam.sms' : options.userName);
  portalStore.set(flowStateAtom, reply.flowState ?? 'flow-1');
  portalStore.set(authStatusAtom, AuthStatus.Factor);
  portalStore.set(errorMessageAtom, null);
  portalStore.set(factorReplyAtom, reply);
  portalStore.set(factorOptionsAtom, reply.credentials ?? []);
  portalStore.set(selectionLevelAtom, null);
  liveContributions();
}

function Where() {
  const location = useLocation();
  return <output data-testid="location">{location.pathname}</output>;
}

/**
 * Renders a screen at `path` inside the one store and a router that shows where it went; a
 * language switch renders it again in the new words, as the host does.
 */
export function renderAt(ui: ReactElement, path: string, state?: unknown) {
  return render(
    <Provider store={portalStore}>
      <MemoryRouter initialEntries={[{ pathname: path, state }]}>
        <Routes>
          <Route path={path} element={<InLocale ui={ui} />} />
          <Route path="*" element={null} />
        </Routes>
        <Where />
      </MemoryRouter>
    </Provider>,
  );
}

/** The SSO's reply that opens the token-code step for sid.securid (spec: CUSTOM_AUTH, securid). */
export const tokenCodeOpening: AuthReply = {
  nextaction: 'CUSTOM_AUTH',
  flowState: 'flow-1',
  userName: 'sid.securid',
  currentFactors: ['CUSTOM/securid'],
  additional: { customFlowId: 'securid' },
};

/** The text of the elements an attribute's id list names ('aria-labelledby', 'aria-describedby'). */
function referencedText(element: Element, attribute: string): string {
  return (element.getAttribute(attribute) ?? '')
    .split(/\s+/)
    .filter(Boolean)
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' ')
    .trim();
}

/** The radios in order as a screen reader names them (a choice card's title), and their descriptions. */
export function radioNames(within: ParentNode = document): string[] {
  return [...within.querySelectorAll('input[type="radio"]')].map((radio) =>
    referencedText(radio, 'aria-labelledby'),
  );
}

export function radioDescriptions(within: ParentNode = document): string[] {
  return [...within.querySelectorAll('input[type="radio"]')].map((radio) =>
    referencedText(radio, 'aria-describedby'),
  );
}
