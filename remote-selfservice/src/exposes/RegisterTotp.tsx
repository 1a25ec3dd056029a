import { RemoteRoot } from '../RemoteRoot';

/** Placeholder until its issue builds the screen: routing, guards and loading are already real. */
export default function RegisterTotpScreen() {
  return (
    <RemoteRoot>
      <h1>Mobile OTP registration</h1>
    </RemoteRoot>
  );
}
