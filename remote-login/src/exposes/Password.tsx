import { PasswordPage } from '../password/PasswordPage';
import { RemoteRoot } from '../RemoteRoot';

export default function PasswordScreen() {
  return (
    <RemoteRoot>
      <PasswordPage />
    </RemoteRoot>
  );
}
