import { RemoteRoot } from '../RemoteRoot';

/** Placeholder until its issue builds the screen: routing, guards and loading are already real. */
export default function RegisterOtpScreen() {
  return (
    <RemoteRoot>
      <h1>Verify your credential</h1>
    </RemoteRoot>
  );
}
