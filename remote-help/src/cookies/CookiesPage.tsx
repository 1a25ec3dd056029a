import { InfoPage } from '../content/InfoPage';
import { pageTitles } from '../pageTitles';
import { cookiesContent } from './cookiesContent';

/** The cookie notice (/cookies), linked from the footer as 'Cookie Policy'. */
export function CookiesPage() {
  return <InfoPage title={pageTitles.cookies} content={cookiesContent()} />;
}
