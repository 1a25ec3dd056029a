import { PushScreen } from '../push/PushScreen';
import { RemoteRoot } from '../RemoteRoot';

/** /push: push approval. */
export default function Push() {
  return (
    <RemoteRoot>
      <PushScreen />
    </RemoteRoot>
  );
}
