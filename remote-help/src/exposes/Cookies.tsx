import { CookiesPage } from '../cookies/CookiesPage';
import { RemoteRoot } from '../RemoteRoot';

export default function CookiesScreen() {
  return (
    <RemoteRoot>
      <CookiesPage />
    </RemoteRoot>
  );
}
