import { RemoteRoot } from '../RemoteRoot';
import { RegisterTotpPush } from '../registerTotpPush/RegisterTotpPush';

export default function RegisterTotpPushScreen() {
  return (
    <RemoteRoot>
      <RegisterTotpPush />
    </RemoteRoot>
  );
}
