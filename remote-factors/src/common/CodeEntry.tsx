import { Actions, Button, useFocusFirst, stackClass } from '@portal/shared/ui';
import { OtpInput, type OtpInputHandle } from '@portal/shared/ui/codes';
import type { Saying } from '@portal/shared/words';
import { messages } from '../messages';
import {
  type FormEvent,
  type ReactNode,
  type Ref,
  useEffect,
  useImperativeHandle,
  useRef,
  useState,
} from 'react';
import { MoreOptions } from '../moreOptions/MoreOptions';

export interface CodeEntryHandle {
  /**
   * Empties the boxes (a refused code, a new code sent) and puts focus in the first one as soon
   * as they can take it: they are disabled while the call that refused the code is still busy.
   */
  clear(): void;
  /** Fills the boxes with a code that arrived by itself (WebOTP) and submits it. */
  fill(code: string): void;
}

export interface CodeEntryProps {
  /** A call is running: the boxes and buttons are disabled. */
  busy: boolean;
  /** A complete code, typed (auto-submit) or submitted. */
  onCode: (code: string) => void;
  /** 'More Options' failed: the screen's banner shows the message. */
  onMoreOptionsError: (message: Saying) => void;
  /** The boxes' group name ('Security code' by default). */
  label?: string;
  /** What the form shows above the boxes (where the code went, the QR code…). */
  children?: ReactNode;
  /** Buttons between Submit and 'More Options' (Resend…). */
  actions?: ReactNode;
  ref?: Ref<CodeEntryHandle>;
}

/**
 * The code-entry block of the code screens (SMS/e-mail/voice, mobile authenticator, its
 * enrolment): the six boxes, Submit, the screen's own buttons and 'More Options'. Focus starts in
 * the boxes, and returns to them after a refused code once they are enabled again. A normal stack:
 * what the screen says, the boxes, the buttons last.
 */
export function CodeEntry({
  busy,
  onCode,
  onMoreOptionsError,
  label,
  children,
  actions,
  ref,
}: CodeEntryProps) {
  const otpRef = useRef<OtpInputHandle>(null);
  const [refocus, setRefocus] = useState(0);
  useFocusFirst(otpRef);

  useImperativeHandle(ref, () => ({
    clear() {
      otpRef.current?.clear();
      setRefocus((n) => n + 1);
    },
    fill(code) {
      otpRef.current?.fill(code);
    },
  }));

  useEffect(() => {
    if (refocus > 0 && !busy) otpRef.current?.focus();
  }, [refocus, busy]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (otpRef.current?.validate()) onCode(otpRef.current.value());
  };

  return (
    <form className={stackClass('normal')} onSubmit={submit} noValidate>
      {children}
      <OtpInput ref={otpRef} label={label} onComplete={onCode} disabled={busy} />
      <Actions>
        <Button type="submit" variant="primary" disabled={busy}>
          {messages.common.submit}
        </Button>
        {actions}
        <MoreOptions onError={onMoreOptionsError} disabled={busy} />
      </Actions>
    </form>
  );
}
