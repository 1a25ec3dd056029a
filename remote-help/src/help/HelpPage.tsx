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
              <BreakableAddress address={support.email} />
            </a>
          </p>
        </section>
      ) : null}

      <TroubleshootBox wording={wording.troubleshoot} />

      <ContentSections sections={wording.sections} />
    </article>
  );
}

/**
 * An e-mail address that may break after its '@' on a narrow screen ('access-support@' then
 * 'example.com'), and nowhere else unless it is wider than the line (help.css). The text, and so
 * the link's name, is the address as written.
 */
function BreakableAddress({ address }: { address: string }) {
  const at = address.lastIndexOf('@');
  if (at <= 0) return address;
  return (
    <>
      {address.slice(0, at + 1)}
      <wbr />
      {address.slice(at + 1)}
    </>
  );
}
