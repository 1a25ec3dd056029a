import { FidoScreen } from '../fido/FidoScreen';
import { RemoteRoot } from '../RemoteRoot';

/** /fido, /security-key, /passkey: FIDO biometric, security key and passkey. */
export default function Fido() {
  return (
    <RemoteRoot>
      <FidoScreen />
    </RemoteRoot>
  );
}
