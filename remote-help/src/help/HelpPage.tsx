import { portalConfigAtom } from '@portal/shared/config';
import { useAtomValue } from 'jotai';
import { useId } from 'react';
import { ContentSections } from '../content/ContentSections';
import { pageTitles } from '../pageTitles';
import { audienceHelp, regionPhones } from './audienceHelp';
import { helpContentFor } from './helpContent';
import { SupportPhones } from './SupportPhones';
import { TroubleshootBox } from './TroubleshootBox';
import '../content/content.css';
import './help.css';

/** Login Assistance (/help): support hours, phones and e-mail for the configured audience, troubleshooting. */
export function HelpPage() {
  const titleId = useId();
  const contactId = useId();
  const unlockId = useId();
  const config = useAtomValue(portalConfigAtom);
  const { audience, support } = config;
  const wording = helpContentFor(audience);

  return (
    <article className="portal-content portal-help" aria-labelledby={titleId}>
      <h1 id={titleId}>{pageTitles.help}</h1>
      {wording.lead.map((paragraph) => (
        <p key={paragraph} className="portal-content__lead">
          {paragraph}
        </p>
      ))}

      <section aria-labelledby={contactId}>
        <h2 id={contactId}>{wording.contact.heading}</h2>
        <p className="portal-help__hours">{audienceHelp[audience].hours}</p>
        <SupportPhones phones={regionPhones(audience, support)} wording={wording.contact} />
      </section>

      {support.email ? (
        <section aria-labelledby={unlockId}>
          <h2 id={unlockId}>{wording.unlock.heading}</h2>
          <p>
            {wording.unlock.text}{' '}
            <a className="portal-help__email" href={`mailto:${support.email}`}>
              {support.email}
            </a>
          </p>
        </section>
      ) : null}

      <TroubleshootBox wording={wording.troubleshoot} />

      <ContentSections sections={wording.sections} />
    </article>
  );
}
