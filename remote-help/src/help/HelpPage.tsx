import { portalConfigAtom } from '@portal/shared/config';
import { useAtomValue } from 'jotai';
import { Card, stackClass } from '@portal/shared/ui';
import { useId } from 'react';
import { ContentSections } from '../content/ContentSections';
import { ContentHeading } from '../content/InfoPage';
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
    <article className={stackClass('loose', 'portal-content portal-help')} aria-labelledby={titleId}>
      <ContentHeading id={titleId} title={pageTitles.help} lead={wording.lead} />

      <Card title={wording.contact.heading} titleId={contactId}>
        <p className="portal-help__hours">{audienceHelp[audience].hours}</p>
        <SupportPhones phones={regionPhones(audience, support)} wording={wording.contact} />
      </Card>

      {support.email ? (
        <Card title={wording.unlock.heading} titleId={unlockId}>
          <p>
            {wording.unlock.text}{' '}
            <a className="portal-help__email" href={`mailto:${support.email}`}>
              <BreakableAddress address={support.email} />
            </a>
          </p>
        </Card>
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
