import { label, role, type User } from '../user';

export const PASSWORD = 'Passw0rd!';

/** The first screen: the User ID (Remember Me left as the user finds it unless `rememberMe` is false). */
export async function enterUserId(user: User, userId: string, { rememberMe = true } = {}): Promise<void> {
  await user.goto('/direct');
  await user.fill(label('User ID'), userId);
  if (!rememberMe) await user.click(role('checkbox', 'Remember Me'));
  await user.click(role('button', 'Submit'));
}

/** User ID, then the password; leaves the user on the next step. */
export async function signInWithPassword(user: User, userId: string, options = {}): Promise<void> {
  await enterUserId(user, userId, options);
  await user.see(role('heading', 'Enter your password'));
  await user.fill(label('Password'), PASSWORD);
  await user.click(role('button', 'Submit'));
}

/** Signs in to the welcome screen and waits for its greeting. */
export async function signInToWelcome(user: User, userId: string, displayName: string): Promise<void> {
  await signInWithPassword(user, userId);
  await user.at(/\/welcome$/);
  await user.see(role('heading', `Hello, ${displayName}`));
}
