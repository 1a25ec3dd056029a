import { InfoPage } from '../content/InfoPage';
import { pageTitles } from '../pageTitles';
import { emeaCookiesContent } from './emeaCookiesContent';

/**
 * The cookie notice shown inside a frame of the Company's EMEA sites (/emea-cookies). The host
 * renders this route without its shell, so the page is its own <main> landmark, and it is compact.
 */
export function EmeaCookiesPage() {
  return <InfoPage as="main" compact title={pageTitles.emeaCookies} content={emeaCookiesContent} />;
}
