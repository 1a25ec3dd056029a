import { RemoteRoot } from '../RemoteRoot';
import { TokenCodeScreen } from '../tokenCode/TokenCodeScreen';

/** /securid: the custom token-code factor. */
export default function TokenCode() {
  return (
    <RemoteRoot>
      <TokenCodeScreen />
    </RemoteRoot>
  );
}
