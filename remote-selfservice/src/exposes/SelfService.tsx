import { ManageCredentials } from '../credentials/ManageCredentials';
import { RecoveryCodesSection } from '../recoveryCodes/RecoveryCodesSection';
import { RemoteRoot } from '../RemoteRoot';

export default function SelfServiceScreen() {
  return (
    <RemoteRoot>
      <ManageCredentials />
      <RecoveryCodesSection />
    </RemoteRoot>
  );
}
