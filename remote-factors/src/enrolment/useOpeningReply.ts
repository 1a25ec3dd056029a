import type { AuthReply } from '@portal/shared/transport';
import { factorReplyAtom } from '@portal/shared/session';
import { useStore } from 'jotai';
import { useState } from 'react';

/**
 * The reply that opened this screen, as it was when the screen opened. Later calls keep their
 * replies in the same atom (an OTP generate's *_OTP_AUTH), and must not turn an enrolment
 * screen into a sign-in screen half-way.
 */
export function useOpeningReply(): AuthReply | null {
  const store = useStore();
  const [reply] = useState(() => store.get(factorReplyAtom));
  return reply;
}
