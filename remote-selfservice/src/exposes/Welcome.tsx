import { RemoteRoot } from '../RemoteRoot';
import { Welcome } from '../welcome/Welcome';

export default function WelcomeScreen() {
  return (
    <RemoteRoot>
      <Welcome />
    </RemoteRoot>
  );
}
