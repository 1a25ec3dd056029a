import { SignedOutPage } from '../endPages/SignedOutPage';
import { RemoteRoot } from '../RemoteRoot';

export default function SignedOutScreen() {
  return (
    <RemoteRoot>
      <SignedOutPage />
    </RemoteRoot>
  );
}
