import type { AuthReply } from '@portal/shared/transport';
import { authErrorMessage } from '../common/authErrorMessage';

/**
 * What the User ID page does with the reply to the oauth2 arrival's authenticate (spec section 4,
 * Login start 2): a reply with a nextaction is routed like any other; one without is the server
 * saying it needs the User ID (its flow state is kept by the API client), so the form shows, with
 * the reply's error when it carries one.
 */
export type ArrivalStep = { kind: 'route' } | { kind: 'userId'; readonly message: string | null };

export function arrivalStep(reply: AuthReply): ArrivalStep {
  if (reply.nextaction) return { kind: 'route' };
  const failed = reply.errorCode || reply.errorMessage || reply.error_description;
  return {
    kind: 'userId',
    // A getter: our words for a known code are read where the message is shown, in its locale.
    get message() {
      return failed
        ? authErrorMessage({
            errorCode: reply.errorCode,
            errorMessage: reply.errorMessage || reply.error_description,
          })
        : null;
    },
  };
}
