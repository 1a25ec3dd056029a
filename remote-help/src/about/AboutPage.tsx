import { messages } from '../messages';
import { InfoPage } from '../content/InfoPage';
import { pageTitles } from '../pageTitles';
import { aboutContent } from './aboutContent';

/** The info page (/aboutAuthHub): increased security and passwordless authentication (spec section 1). */
export function AboutPage() {
  return <InfoPage title={pageTitles.aboutAuthHub} intro={[messages.about.body]} content={aboutContent()} />;
}
