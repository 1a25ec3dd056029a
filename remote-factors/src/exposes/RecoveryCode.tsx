import { RecoveryCodeScreen } from '../recoveryCode/RecoveryCodeScreen';
import { RemoteRoot } from '../RemoteRoot';

/** /recovery-code: one of the user's saved recovery codes in place of the usual factor. */
export default function RecoveryCode() {
  return (
    <RemoteRoot>
      <RecoveryCodeScreen />
    </RemoteRoot>
  );
}
