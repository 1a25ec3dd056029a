import { RemoteRoot } from '../RemoteRoot';

/** Placeholder until its issue builds the screen: routing, guards and loading are already real. */
export default function PushScreen() {
  return (
    <RemoteRoot>
      <h1>Sending push notification . . .</h1>
    </RemoteRoot>
  );
}
