import { MobileOtpScreen } from '../mobileOtp/MobileOtpScreen';
import { RemoteRoot } from '../RemoteRoot';

/** /motp: mobile authenticator code. */
export default function MobileOtp() {
  return (
    <RemoteRoot>
      <MobileOtpScreen />
    </RemoteRoot>
  );
}
