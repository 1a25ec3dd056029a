import { RemoteRoot } from '../RemoteRoot';

/** Placeholder until its issue builds the screen: routing, guards and loading are already real. */
export default function RegisterFidoScreen() {
  return (
    <RemoteRoot>
      <h1>FIDO Device Registration</h1>
    </RemoteRoot>
  );
}
