import { RemoteRoot } from '../RemoteRoot';

/** Placeholder until its issue builds the screen: routing, guards and loading are already real. */
export default function FidoScreen() {
  return (
    <RemoteRoot>
      <h1>FIDO Device Authentication</h1>
    </RemoteRoot>
  );
}
