import { RemoteRoot } from '../RemoteRoot';

/** Placeholder until its issue builds the screen: routing, guards and loading are already real. */
export default function IdpScreen() {
  return (
    <RemoteRoot>
      <h1>Connecting to Identity Provider</h1>
    </RemoteRoot>
  );
}
