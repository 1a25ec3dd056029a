import { RemoteRoot } from '../RemoteRoot';

/** Placeholder until its issue builds the screen: routing, guards and loading are already real. */
export default function PasswordScreen() {
  return (
    <RemoteRoot>
      <h1>Enter your password</h1>
    </RemoteRoot>
  );
}
