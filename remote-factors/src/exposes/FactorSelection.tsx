import { RemoteRoot } from '../RemoteRoot';

/** Placeholder until its issue builds the screen: routing, guards and loading are already real. */
export default function FactorSelectionScreen() {
  return (
    <RemoteRoot>
      <h1>Factor Selection</h1>
    </RemoteRoot>
  );
}
