import { api } from '@portal/shared/api/client';
import { useMoreOptionsAllowed } from '@portal/shared/flow/moreOptions';
import { useApplyNextAction } from '@portal/shared/flow/useApplyNextAction';
import { messages } from '@portal/shared/messages/en_US';

export interface MoreOptionsButtonProps {
  busy: boolean;
  onBusy: (busy: boolean) => void;
  onError: (message: string) => void;
}

/**
 * 'More Options' (spec section 2): offered when factor selection is allowed (the shared rule of
 * flow/moreOptions, the same as on the factor screens). The 'choose another' reply is routed.
 */
export function MoreOptionsButton({ busy, onBusy, onError }: MoreOptionsButtonProps) {
  const allowed = useMoreOptionsAllowed();
  const applyNextAction = useApplyNextAction();
  if (!allowed) return null;
  const chooseAnother = async () => {
    onBusy(true);
    const result = await api.chooseAnotherFactor();
    onBusy(false);
    if (result.ok) await applyNextAction(result.data);
    else if (result.error.kind === 'null') await applyNextAction(null);
    else onError(result.error.message);
  };
  return (
    <button type="button" className="portal-button" disabled={busy} onClick={() => void chooseAnother()}>
      {messages.common.moreOptions}
    </button>
  );
}
