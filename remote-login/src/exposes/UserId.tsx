import { RemoteRoot } from '../RemoteRoot';

/** Placeholder until its issue builds the screen: routing, guards and loading are already real. */
export default function UserIdScreen() {
  return (
    <RemoteRoot>
      <h1>Sign in</h1>
    </RemoteRoot>
  );
}
