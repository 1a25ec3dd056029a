import { HelpPage } from '../help/HelpPage';
import { RemoteRoot } from '../RemoteRoot';

export default function HelpScreen() {
  return (
    <RemoteRoot>
      <HelpPage />
    </RemoteRoot>
  );
}
