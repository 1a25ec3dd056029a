import { type ReactNode, useRef, useState } from 'react';
import { messages } from '../messages/en_US';
import { AssistanceDialog } from './AssistanceDialog';
import { LinkButton } from './Button';
import { Notice } from './Notice';

export interface ErrorBannerProps {
  /** Text to show (rendered as text, never HTML); the spec's default when absent. */
  message?: string | null;
  /** Whether to offer 'More Info' (the login assistance dialog); shown by default. */
  moreInfo?: boolean;
  /** Extra actions after the message, e.g. a Retry button. */
  children?: ReactNode;
}

/** The error banner of spec section 2: a message, 'More Info' and any extra actions. */
export function ErrorBanner({ message, moreInfo = true, children }: ErrorBannerProps) {
  const [assistanceOpen, setAssistanceOpen] = useState(false);
  const moreInfoRef = useRef<HTMLButtonElement>(null);
  // The dialog sits outside the alert region so its contents are not announced as part of the alert.
  return (
    <>
      <Notice
        tone="error"
        live="alert"
        className="portal-error-banner"
        actions={
          moreInfo || children ? (
            <>
              {moreInfo ? (
                <LinkButton ref={moreInfoRef} aria-haspopup="dialog" onClick={() => setAssistanceOpen(true)}>
                  {messages.common.moreInfo}
                </LinkButton>
              ) : null}
              {children}
            </>
          ) : null
        }
      >
        {/* The message may be the server's own free text, in its own language and direction:
            isolated (bdi), so it never reorders on a right-to-left page. */}
        <p className="portal-error-banner__message">
          <bdi>{message || messages.errors.default}</bdi>
        </p>
      </Notice>
      {moreInfo ? (
        <AssistanceDialog
          open={assistanceOpen}
          onClose={() => setAssistanceOpen(false)}
          returnFocusTo={moreInfoRef}
        />
      ) : null}
    </>
  );
}
