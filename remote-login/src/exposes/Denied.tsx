import { DeniedPage } from '../endPages/DeniedPage';
import { RemoteRoot } from '../RemoteRoot';

export default function DeniedScreen() {
  return (
    <RemoteRoot>
      <DeniedPage />
    </RemoteRoot>
  );
}
