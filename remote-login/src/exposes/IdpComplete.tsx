import { IdpCompletePage } from '../idp/IdpCompletePage';
import { RemoteRoot } from '../RemoteRoot';

export default function IdpCompleteScreen() {
  return (
    <RemoteRoot>
      <IdpCompletePage />
    </RemoteRoot>
  );
}
