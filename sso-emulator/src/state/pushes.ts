import { randomInt, randomUUID } from 'node:crypto';

export type PushStatus = 'PENDING' | 'AUTHENTICATED' | 'REJECTED' | 'TIMED_OUT';

/**
 * What the user's phone is asked: to approve a sign-in ('login', PushGenerator), or to confirm
 * that the vendor app just registered during sign-in is theirs ('registration',
 * VIPCredentialRegistrar with a flow state).
 */
export type PushKind = 'login' | 'registration';

/** A push notification waiting for the user's phone (the dev page or API) to answer. */
export interface PushRequest {
  id: string;
  kind: PushKind;
  transactionId: string;
  userName: string;
  credId: string;
  credValue: string;
  createdAt: number;
  expiresAt: number;
  answer: 'PENDING' | 'AUTHENTICATED' | 'REJECTED';
  /** Number matching on (issue 27): the two digits the page shows and the phone must be given. */
  number?: string;
  /** What the phone shows about the sign-in (issue 27): where it comes from, and for what. */
  context?: PushContext;
}

export interface PushContext {
  location: string;
  application: string;
}

/** A number for number matching: two digits, 10 to 99, as Entra and Okta show it. */
export function matchingNumber(): string {
  return String(randomInt(10, 100));
}

export function newPush(
  kind: PushKind,
  fields: Pick<PushRequest, 'transactionId' | 'userName' | 'credId' | 'credValue' | 'number' | 'context'>,
  now: number,
  timeoutMs: number,
): PushRequest {
  return { id: randomUUID(), kind, ...fields, createdAt: now, expiresAt: now + timeoutMs, answer: 'PENDING' };
}

export function pushStatus(push: PushRequest, now: number): PushStatus {
  if (push.answer !== 'PENDING') return push.answer;
  return now >= push.expiresAt ? 'TIMED_OUT' : 'PENDING';
}
