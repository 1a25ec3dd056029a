import { RemoteRoot } from '../RemoteRoot';

/** Placeholder until its issue builds the screen: routing, guards and loading are already real. */
export default function TokenCodeScreen() {
  return (
    <RemoteRoot>
      <h1>Enter your pin and passcode</h1>
    </RemoteRoot>
  );
}
