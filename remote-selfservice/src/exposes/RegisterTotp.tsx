import { RemoteRoot } from '../RemoteRoot';
import { RegisterTotp } from '../registerTotp/RegisterTotp';

export default function RegisterTotpScreen() {
  return (
    <RemoteRoot>
      <RegisterTotp />
    </RemoteRoot>
  );
}
