import type { SignInTarget } from '../session/signInState';

/** The part of react-router's navigate the flow helpers need (kept narrow so tests can fake it). */
export type Navigate = (to: string, options?: { replace?: boolean; state?: unknown }) => void;

/**
 * Navigation state handed to a screen opened by the next-action dispatcher: the claim's screen
 * state (string entries, such as fidoCredType) and the fields below.
 */
export interface FlowNavigationState {
  readonly [entry: string]: unknown;
  /** FIDO screens: login or registration. */
  mode?: 'login' | 'register';
  /** restore-last-action: do not auto-submit a remembered factor. */
  skipFactorAutoRedirect?: boolean;
  /** Self-service after a registration. */
  newCredAdded?: boolean;
}

/** Opens a sign-in transition's target (session/signInState) with the caller's router, if any. */
export function openTarget(navigate: Navigate, target: SignInTarget | null): void {
  if (!target) return;
  const options = {
    ...(target.replace ? { replace: true } : {}),
    ...(target.state ? { state: target.state } : {}),
  };
  if (Object.keys(options).length > 0) navigate(target.to, options);
  else navigate(target.to);
}
