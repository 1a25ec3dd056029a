import { FactorSelectionScreen } from '../factorSelection/FactorSelectionScreen';
import { RemoteRoot } from '../RemoteRoot';

/** /factorselection: choose a factor. */
export default function FactorSelection() {
  return (
    <RemoteRoot>
      <FactorSelectionScreen />
    </RemoteRoot>
  );
}
