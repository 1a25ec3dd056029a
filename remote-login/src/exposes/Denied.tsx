import { RemoteRoot } from '../RemoteRoot';

/** Placeholder until its issue builds the screen: routing, guards and loading are already real. */
export default function DeniedScreen() {
  return (
    <RemoteRoot>
      <h1>Access Denied</h1>
    </RemoteRoot>
  );
}
