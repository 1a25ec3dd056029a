export type PushStatus = 'PENDING' | 'AUTHENTICATED' | 'REJECTED' | 'TIMED_OUT';

/** A push notification waiting for the user's phone (the dev page or API) to answer. */
export interface PushRequest {
  id: string;
  transactionId: string;
  userName: string;
  credId: string;
  credValue: string;
  createdAt: number;
  expiresAt: number;
  answer: 'PENDING' | 'AUTHENTICATED' | 'REJECTED';
}

export function pushStatus(push: PushRequest, now: number): PushStatus {
  if (push.answer !== 'PENDING') return push.answer;
  return now >= push.expiresAt ? 'TIMED_OUT' : 'PENDING';
}
