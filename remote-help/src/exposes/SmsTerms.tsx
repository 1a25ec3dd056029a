import { SmsTermsPage } from '../smsTerms/SmsTermsPage';
import { RemoteRoot } from '../RemoteRoot';

export default function SmsTermsScreen() {
  return (
    <RemoteRoot>
      <SmsTermsPage />
    </RemoteRoot>
  );
}
