import { chooseAnotherFactor, useMoreOptionsAllowed } from './moreOptionsRule';
import { Button, type ButtonVariant, useLocalisedServerCall } from '@portal/shared/ui';
import type { Saying } from '@portal/shared/words';
import { messages } from '../messages';
import { useRouteReply } from '../common/useRouteReply';

export interface MoreOptionsProps {
  /** Called before the call starts (a screen stops its own work, e.g. push polling). */
  onStart?: () => void;
  /** The call failed: the screen shows the message (read when shown: Saying). */
  onError: (message: Saying) => void;
  disabled?: boolean;
  /**
   * Quiet beside a screen's main button (a way out, not the next step); secondary when it is
   * the screen's only button, so it does not read as a stray link.
   */
  variant?: Extract<ButtonVariant, 'quiet' | 'secondary'>;
}

/**
 * 'More Options': the 'choose another' call (chooseAnotherFactor), whose
 * FACTOR_SELECTION reply opens the factor list, also when a factor is remembered. Rendered only
 * when factor selection is allowed at this step.
 */
export function MoreOptions({ onStart, onError, disabled = false, variant = 'quiet' }: MoreOptionsProps) {
  const allowed = useMoreOptionsAllowed();
  const routeReply = useRouteReply();
  const { busy, run } = useLocalisedServerCall();
  if (!allowed) return null;

  const chooseAnother = () => {
    onStart?.();
    // The screen's banner shows the failure, not this button.
    return run((signal) => chooseAnotherFactor({ signal }), routeReply, {
      onError: (error) => {
        onError(() => error.message);
        return null;
      },
    });
  };

  return (
    <Button variant={variant} disabled={disabled || busy} onClick={() => void chooseAnother()}>
      {messages.common.moreOptions}
    </Button>
  );
}
