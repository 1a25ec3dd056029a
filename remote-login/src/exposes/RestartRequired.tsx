import { RestartRequiredPage } from '../endPages/RestartRequiredPage';
import { RemoteRoot } from '../RemoteRoot';

export default function RestartRequiredScreen() {
  return (
    <RemoteRoot>
      <RestartRequiredPage />
    </RemoteRoot>
  );
}
