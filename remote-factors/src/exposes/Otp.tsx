import { OtpScreen } from '../otp/OtpScreen';
import { RemoteRoot } from '../RemoteRoot';

/** /sotp, /eotp, /votp: one-time code by SMS, e-mail or voice call. */
export default function Otp() {
  return (
    <RemoteRoot>
      <OtpScreen />
    </RemoteRoot>
  );
}
