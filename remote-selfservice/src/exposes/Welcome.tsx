import { RemoteRoot } from '../RemoteRoot';

/** Placeholder until its issue builds the screen: routing, guards and loading are already real. */
export default function WelcomeScreen() {
  return (
    <RemoteRoot>
      <h1>Welcome</h1>
    </RemoteRoot>
  );
}
