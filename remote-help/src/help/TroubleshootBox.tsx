import { clipboardText, troubleshootLines } from '@portal/shared/ui';
import { Actions, Button, Card, Notice, useCopyToClipboard, useTroubleshootFacts } from '@portal/shared/ui';
import { messages } from '../messages';
import { useId, useState } from 'react';
import type { HelpContent } from '../content/schema';

/**
 * What a help desk needs to find the user's sign-in attempt: the time of the last server reply
 * (or of opening the page when there was none), the client transaction id and the user, each
 * only when known; and a button that copies exactly the shown lines.
 */
export function TroubleshootBox({ wording }: { wording: HelpContent['troubleshoot'] }) {
  const headingId = useId();
  // The same facts and lines as the shared assistance dialog, but always with a time.
  const { lastTransaction, transactionId, userName } = useTroubleshootFacts();
  const [openedAt] = useState(() => new Date());
  const lines = troubleshootLines({ timestamp: lastTransaction ?? openedAt, transactionId, userName });
  const { state, copy } = useCopyToClipboard();
  const copied = state === 'copied';

  return (
    <Card className="portal-help__troubleshoot" title={wording.heading} titleId={headingId}>
      <p>{wording.text}</p>
      <ul className="portal-help__lines">
        {lines.map((line) => (
          <li key={line.label}>
            <span className="portal-help__line-label">{line.label}:</span>{' '}
            <bdi className="portal-help__line-value">{line.value}</bdi>
          </li>
        ))}
      </ul>
      <Actions>
        {/* aria-disabled rather than disabled: it keeps keyboard focus while it shows 'Copied!'. */}
        <Button
          className="portal-help__copy"
          aria-disabled={copied}
          onClick={() => {
            if (!copied) void copy(clipboardText(lines));
          }}
        >
          {copied ? messages.help.copied : messages.help.copyToClipboard}
        </Button>
      </Actions>
      <p className="portal-help__status" role="status">
        {copied ? messages.help.copied : ''}
      </p>
      {state === 'failed' ? (
        <Notice tone="error" live="alert">
          <p>{wording.copyFailed}</p>
        </Notice>
      ) : null}
    </Card>
  );
}
