import type { AuthReply } from '@portal/shared/api/schemas';
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
} from '@portal/shared/session/atoms';
import { AuthStatus } from '@portal/shared/session/authStatus';
import { portalStore } from '@portal/shared/session/store';
import { render } from '@testing-library/react';
import { Provider } from 'jotai';
import type { ReactElement } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { vi } from 'vitest';

export const SERVICE = 'http://sso.test/default/';

/** One recorded call: path after the service base, method and JSON body. */
export interface Call {
  path: string;
  body: Record<string, unknown> | null;
  headers: Headers;
}

/** A reply for a call: a JSON body with a status (200 by default). */
export type Answer =
  | { status?: number; body: unknown }
  | ((call: Call) => { status?: number; body: unknown });

/**
 * Stubs fetch: each call path takes its answers in order (the last one repeats). Returns the
 * recorded calls.
 */
export function stubServer(answers: Record<string, Answer[]>): Call[] {
  const calls: Call[] = [];
  const used: Record<string, number> = {};
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      const path = url.startsWith(SERVICE)
        ? url.slice(SERVICE.length)
        : url.replace(/^\/common\/portal\/proxy\//, '');
      const call: Call = {
        path,
        body: init?.body ? (JSON.parse(String(init.body)) as Record<string, unknown>) : null,
        headers: new Headers(init?.headers),
      };
      calls.push(call);
      const list = answers[path];
      if (!list || list.length === 0)
        return new Response('{"errorCode":"0000404","errorMessage":"Not found"}', { status: 404 });
      const index = Math.min(used[path] ?? 0, list.length - 1);
      used[path] = index + 1;
      const answer = list[index];
      const resolved = typeof answer === 'function' ? answer(call) : answer;
      if (!resolved) throw new Error('no answer');
      return new Response(JSON.stringify(resolved.body), {
        status: resolved.status ?? 200,
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
  return calls;
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
}

function Where() {
  const location = useLocation();
  return <output data-testid="location">{location.pathname}</output>;
}

/** Renders a screen at `path` inside the one store and a router that shows where it went. */
export function renderAt(ui: ReactElement, path: string, state?: unknown) {
  return render(
    <Provider store={portalStore}>
      <MemoryRouter initialEntries={[{ pathname: path, state }]}>
        <Routes>
          <Route path={path} element={ui} />
          <Route path="*" element={null} />
        </Routes>
        <Where />
      </MemoryRouter>
    </Provider>,
  );
}
