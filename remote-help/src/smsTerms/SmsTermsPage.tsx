import { InfoPage } from '../content/InfoPage';
import { pageTitles } from '../pageTitles';
import { smsTermsContent } from './smsTermsContent';

/** The SMS terms of service (/sms-terms-of-service). */
export function SmsTermsPage() {
  return <InfoPage title={pageTitles.smsTerms} content={smsTermsContent()} />;
}
