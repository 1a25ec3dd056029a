import { useAnnounce } from '@portal/shared/a11y';
import { Actions, BusyIndicator, Button, Card, ErrorBanner, useBusyIndicator } from '@portal/shared/ui';
import { useId, useRef, useState } from 'react';
import { ConfirmDialog } from '../credentials/ConfirmDialog';
import { recoveryCodeMessages as text } from '../messages';
import { NewCodesDialog } from './NewCodesDialog';
import type { NewRecoveryCodes } from './recoveryCodeCalls';
import { useRecoveryCodes } from './useRecoveryCodes';
import './recoveryCodes.css';

/**
 * The recovery-codes part of /self-service: how many are left, and making a set (asking first
 * when a set exists, since the old codes stop working).
 */
export function RecoveryCodesSection() {
  const { remaining, unsupported, busy, error, generate } = useRecoveryCodes();
  const busyShown = useBusyIndicator(busy);
  const [asking, setAsking] = useState(false);
  const [fresh, setFresh] = useState<NewRecoveryCodes | null>(null);
  const headingId = useId();
  const button = useRef<HTMLButtonElement>(null);
  const announce = useAnnounce();
  const hasSet = remaining !== null && remaining > 0;

  const make = async () => {
    setAsking(false);
    const made = await generate();
    if (made) setFresh(made);
  };

  const finish = () => {
    setFresh(null);
    announce(text.generated);
  };

  if (unsupported) return null;
  return (
    <div className="portal-recovery" aria-busy={busyShown}>
      <Card title={text.heading} titleId={headingId}>
        <BusyIndicator shown={busyShown} />
        {error ? <ErrorBanner message={error} /> : null}
        {remaining === null ? null : <p>{hasSet ? text.left({ count: remaining }) : text.none}</p>}
        <Actions>
          <Button ref={button} disabled={busy} onClick={() => (hasSet ? setAsking(true) : void make())}>
            {hasSet ? text.regenerate : text.generate}
          </Button>
        </Actions>
      </Card>
      <ConfirmDialog
        question={asking ? text.regenerateQuestion : null}
        onConfirm={() => void make()}
        onCancel={() => setAsking(false)}
      />
      <NewCodesDialog
        codes={fresh?.codes ?? null}
        createdAt={fresh?.createdDatetime ?? ''}
        onDone={finish}
        returnFocusTo={button}
      />
    </div>
  );
}
