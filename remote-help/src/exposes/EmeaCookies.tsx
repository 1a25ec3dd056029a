import { EmeaCookiesPage } from '../emeaCookies/EmeaCookiesPage';
import { RemoteRoot } from '../RemoteRoot';

export default function EmeaCookiesScreen() {
  return (
    <RemoteRoot>
      <EmeaCookiesPage />
    </RemoteRoot>
  );
}
