import { RemoteRoot } from '../RemoteRoot';

/** Placeholder until its issue builds the screen: routing, guards and loading are already real. */
export default function SelfServiceScreen() {
  return (
    <RemoteRoot>
      <h1>Manage Credentials</h1>
    </RemoteRoot>
  );
}
