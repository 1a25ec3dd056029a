import { RemoteRoot } from '../RemoteRoot';

/** Placeholder until its issue builds the screen: routing, guards and loading are already real. */
export default function ChangePasswordScreen() {
  return (
    <RemoteRoot>
      <h1>Update Password Required</h1>
    </RemoteRoot>
  );
}
