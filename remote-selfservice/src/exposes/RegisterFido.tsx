import { RemoteRoot } from '../RemoteRoot';
import { RegisterFido } from '../registerFido/RegisterFido';

export default function RegisterFidoScreen() {
  return (
    <RemoteRoot>
      <RegisterFido />
    </RemoteRoot>
  );
}
