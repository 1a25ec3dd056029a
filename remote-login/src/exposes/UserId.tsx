import { UserIdPage } from '../userId/UserIdPage';
import { RemoteRoot } from '../RemoteRoot';

export default function UserIdScreen() {
  return (
    <RemoteRoot>
      <UserIdPage />
    </RemoteRoot>
  );
}
