import { LandingPage } from '../landing/LandingPage';
import { RemoteRoot } from '../RemoteRoot';

export default function Landing() {
  return (
    <RemoteRoot>
      <LandingPage />
    </RemoteRoot>
  );
}
