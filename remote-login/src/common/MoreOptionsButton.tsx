import { chooseAnotherFactor, useMoreOptionsAllowed, useApplyNextAction } from '@portal/shared/flow';
import { Button, type LocalisedServerCall } from '@portal/shared/ui';
import { messages } from '../messages';

export interface MoreOptionsButtonProps {
  /** The page's server call: its busy state and banner are the page's. */
  call: Pick<LocalisedServerCall, 'busy' | 'run'>;
}

/**
 * 'More Options' (spec section 2): offered when factor selection is allowed (the shared rule of
 * flow/moreOptions, the same as on the factor screens). The 'choose another' reply is routed to the
 * factor list, which is shown even when a factor is remembered (the shared chooseAnotherFactor).
 */
export function MoreOptionsButton({ call }: MoreOptionsButtonProps) {
  const allowed = useMoreOptionsAllowed();
  const applyNextAction = useApplyNextAction();
  if (!allowed) return null;
  const chooseAnother = () => call.run((signal) => chooseAnotherFactor({ signal }), applyNextAction);
  return (
    <Button disabled={call.busy} onClick={() => void chooseAnother()}>
      {messages.common.moreOptions}
    </Button>
  );
}
