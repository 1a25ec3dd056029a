import { messages } from '../messages';
import { paths } from '../paths';
import { BackLink } from './BackLink';

/** The way back from a verification screen to Manage Credentials, above its heading. */
export function BackToSelfService() {
  return <BackLink to={paths.selfService}>{messages.registration.backToSelfService}</BackLink>;
}
