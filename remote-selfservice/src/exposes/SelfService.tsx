import { Stack } from '@portal/shared/ui';
import { ManageCredentials } from '../credentials/ManageCredentials';
import { RecoveryCodesSection } from '../recoveryCodes/RecoveryCodesSection';
import { RemoteRoot } from '../RemoteRoot';

export default function SelfServiceScreen() {
  return (
    <RemoteRoot>
      {/* The credentials, then the recovery codes' card: the screen's loose rhythm between them. */}
      <Stack gap="loose">
        <ManageCredentials />
        <RecoveryCodesSection />
      </Stack>
    </RemoteRoot>
  );
}
