import { RemoteRoot } from '../RemoteRoot';

/** Placeholder until its issue builds the screen: routing, guards and loading are already real. */
export default function RegisterScreen() {
  return (
    <RemoteRoot>
      <h1>Register a credential</h1>
    </RemoteRoot>
  );
}
