import { messages } from '@portal/shared/words';
import { useNavigate, useLocation, startOverPath } from '@portal/shared/router';
import { errorMessageAtom, transition } from '@portal/shared/session';
import { isOauth2Flow } from '@portal/shared/storage';
import { Actions, Button, ErrorBanner, PageHeading, Stack } from '@portal/shared/ui';
import { useAtomValue, useStore } from 'jotai';
import { useEffect, useState } from 'react';
import { useScreenArrival } from './useScreenArrival';

/**
 * The shell's own restart notice, at /restartRequired when no live remote contributes that
 * address (remote-login down, or a build that does not claim it): a next action nobody claims
 * still ends on the spec's notice, never on 'Page Not Found'. The spec's words; the reason when
 * one was given; 'Click to retry login' except in the oauth2 flow (the relying party restarts it).
 */
export function RestartNoticeFallback() {
  const reason = useAtomValue(errorMessageAtom);
  const [oauth2] = useState(isOauth2Flow);
  const store = useStore();
  const navigate = useNavigate();
  const location = useLocation();
  useScreenArrival(location.pathname, location.key);
  // Opened directly (an address, a bookmark), the notice is still restart-needed.
  useEffect(() => void transition(store, { type: 'restartNeeded' }), [store]);
  const startOver = () => {
    store.set(errorMessageAtom, null);
    navigate(startOverPath(oauth2));
  };
  return (
    <Stack as="section" gap="loose" aria-labelledby="restart-notice-title">
      <PageHeading id="restart-notice-title">{messages.endPages.unrecoverable}</PageHeading>
      {reason ? <ErrorBanner message={reason} /> : null}
      {oauth2 ? null : (
        <Actions>
          <Button variant="primary" onClick={startOver}>
            {messages.endPages.clickToRetry}
          </Button>
        </Actions>
      )}
    </Stack>
  );
}
