import { api } from '@portal/shared/api/client';
import { useApplyNextAction } from '@portal/shared/flow/useApplyNextAction';
import { messages } from '@portal/shared/messages/en_US';
import { factorReplyAtom } from '@portal/shared/session/atoms';
import { useAtomValue } from 'jotai';

export interface MoreOptionsButtonProps {
  busy: boolean;
  onBusy: (busy: boolean) => void;
  onError: (message: string) => void;
}

/**
 * 'More Options' (spec section 2): offered when factor selection is allowed, i.e. the reply that
 * opened the screen names more than one current factor. The 'choose another' reply is routed.
 */
export function MoreOptionsButton({ busy, onBusy, onError }: MoreOptionsButtonProps) {
  const reply = useAtomValue(factorReplyAtom);
  const applyNextAction = useApplyNextAction();
  if ((reply?.currentFactors?.length ?? 0) < 2) return null;
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
