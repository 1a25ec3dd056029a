import { messages } from '../messages';
import { errorMessageAtom, transition } from '@portal/shared/session';
import { isOauth2Flow } from '@portal/shared/storage';
import { useAtomValue, useStore } from 'jotai';
import { useEffect, useState } from 'react';
import { Actions, Button } from '@portal/shared/ui';
import { LoginLayout } from '../common/LoginLayout';
import { useStartOver } from '../common/useStartOver';

/**
 * /restartRequired: the restart notice, the reason when one was given, and 'Click to retry login'
 * except in the oauth2 flow (the relying party must start it again).
 */
export function RestartRequiredPage() {
  const reason = useAtomValue(errorMessageAtom);
  const [oauth2] = useState(isOauth2Flow);
  const startOver = useStartOver();
  const store = useStore();
  // Opened directly (an address, a bookmark), the notice is still restart-needed; the reason a
  // screen gave on the way stays.
  useEffect(() => void transition(store, { type: 'restartNeeded' }), [store]);
  return (
    <LoginLayout title={messages.endPages.unrecoverable} error={reason}>
      {oauth2 ? null : (
        <Actions>
          <Button variant="primary" onClick={startOver}>
            {messages.endPages.clickToRetry}
          </Button>
        </Actions>
      )}
    </LoginLayout>
  );
}
