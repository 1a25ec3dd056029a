import { RemoteRoot } from '../RemoteRoot';

/** Placeholder until its issue builds the screen: routing, guards and loading are already real. */
export default function SignedOutScreen() {
  return (
    <RemoteRoot>
      <h1>Logout Successful</h1>
    </RemoteRoot>
  );
}
