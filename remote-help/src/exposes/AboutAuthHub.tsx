import { AboutPage } from '../about/AboutPage';
import { RemoteRoot } from '../RemoteRoot';

export default function AboutAuthHubScreen() {
  return (
    <RemoteRoot>
      <AboutPage />
    </RemoteRoot>
  );
}
