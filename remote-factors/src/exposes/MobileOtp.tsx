import { RemoteRoot } from '../RemoteRoot';

/** Placeholder until its issue builds the screen: routing, guards and loading are already real. */
export default function MobileOtpScreen() {
  return (
    <RemoteRoot>
      <h1>Mobile authenticator code</h1>
    </RemoteRoot>
  );
}
