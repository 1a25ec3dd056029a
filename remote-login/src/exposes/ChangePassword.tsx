import { ChangePasswordPage } from '../changePassword/ChangePasswordPage';
import { RemoteRoot } from '../RemoteRoot';

export default function ChangePasswordScreen() {
  return (
    <RemoteRoot>
      <ChangePasswordPage />
    </RemoteRoot>
  );
}
