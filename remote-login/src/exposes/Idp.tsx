import { IdpPage } from '../idp/IdpPage';
import { RemoteRoot } from '../RemoteRoot';

export default function IdpScreen() {
  return (
    <RemoteRoot>
      <IdpPage />
    </RemoteRoot>
  );
}
