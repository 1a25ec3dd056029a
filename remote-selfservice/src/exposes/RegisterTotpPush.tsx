import { RemoteRoot } from '../RemoteRoot';

/** Placeholder until its issue builds the screen: routing, guards and loading are already real. */
export default function RegisterTotpPushScreen() {
  return (
    <RemoteRoot>
      <h1>Push registration</h1>
    </RemoteRoot>
  );
}
