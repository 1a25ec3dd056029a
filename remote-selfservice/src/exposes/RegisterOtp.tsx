import { RemoteRoot } from '../RemoteRoot';
import { RegisterOtp } from '../registerOtp/RegisterOtp';

export default function RegisterOtpScreen() {
  return (
    <RemoteRoot>
      <RegisterOtp />
    </RemoteRoot>
  );
}
