import { isIP } from 'node:net';

/**
 * The flag that lets the emulator run where it could be mistaken for a real SSO. The emulator's
 * users, passwords and client secret are public (fixtures/users.json, this README), its developer
 * API reads every one-time code and approves pushes, and it resets on request: anyone who can reach
 * it can sign in as anyone. Its name says so on purpose.
 */
export const UNSAFE_FLAG = 'EMULATOR_I_UNDERSTAND_THIS_IS_NOT_A_REAL_SSO';

/** Addresses only this machine can reach. */
export function isLoopback(host: string): boolean {
  const bare = host.replace(/^\[(.*)\]$/, '$1').toLowerCase();
  if (bare === 'localhost') return true;
  if (isIP(bare) === 4) return bare.startsWith('127.');
  return bare === '::1' || bare === '::ffff:127.0.0.1';
}

/**
 * The emulator refuses production mode (NODE_ENV=production) and any listen address other people
 * can reach, unless EMULATOR_I_UNDERSTAND_THIS_IS_NOT_A_REAL_SSO=1 says someone meant it.
 * Returns the message to stop with, naming the variable, or undefined.
 */
export function unsafeUseProblem(env: Record<string, string | undefined>): string | undefined {
  if (env[UNSAFE_FLAG] === '1') return undefined;
  const overrule = `set ${UNSAFE_FLAG}=1 only if you really mean to run this test double there`;
  if ((env.NODE_ENV ?? '').trim().toLowerCase() === 'production') {
    return `Invalid environment variable NODE_ENV: the SSO emulator is a test double with public passwords and secrets and does not run in production; ${overrule}`;
  }
  const host = env.EMULATOR_HOST?.trim();
  if (host && !isLoopback(host)) {
    return `Invalid environment variable EMULATOR_HOST: ${host} can be reached from other machines, and the SSO emulator signs anyone in as any fixture user; listen on 127.0.0.1, or ${overrule}`;
  }
  return undefined;
}
