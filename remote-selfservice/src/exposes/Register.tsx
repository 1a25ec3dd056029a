import { RegisterForm } from '../register/RegisterForm';
import { RemoteRoot } from '../RemoteRoot';

export default function RegisterScreen() {
  return (
    <RemoteRoot>
      <RegisterForm />
    </RemoteRoot>
  );
}
