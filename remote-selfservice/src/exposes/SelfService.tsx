import { ManageCredentials } from '../credentials/ManageCredentials';
import { RemoteRoot } from '../RemoteRoot';

export default function SelfServiceScreen() {
  return (
    <RemoteRoot>
      <ManageCredentials />
    </RemoteRoot>
  );
}
