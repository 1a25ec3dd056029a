import { RemoteRoot } from '../RemoteRoot';

/** Placeholder until its issue builds the screen: routing, guards and loading are already real. */
export default function RestartRequiredScreen() {
  return (
    <RemoteRoot>
      <h1>Unrecoverable error. Please restart login or try again later.</h1>
    </RemoteRoot>
  );
}
