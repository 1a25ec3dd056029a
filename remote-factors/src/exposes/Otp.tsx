import { RemoteRoot } from '../RemoteRoot';

/** Placeholder until its issue builds the screen: routing, guards and loading are already real. */
export default function OtpScreen() {
  return (
    <RemoteRoot>
      <h1>Enter security code</h1>
    </RemoteRoot>
  );
}
