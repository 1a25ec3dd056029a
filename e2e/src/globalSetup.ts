import { openScreenClaims } from './screenClaims';

/** Playwright's global set-up: what the whole run's workers share. Returns the teardown. */
export default function globalSetup(): () => void {
  return openScreenClaims();
}
