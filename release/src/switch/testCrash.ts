/** The points of a switch where a test may stop the process dead (RELEASE_TEST_CRASH). */
export type CrashPoint = 'after-intent' | 'after-write';

/**
 * For tests only: with RELEASE_TEST_CRASH set to this point, the process kills itself with SIGKILL
 * right here, as a power cut or `kill -9` would stop it: no `finally`, no exit handler, the lock
 * file left behind. test/crash.test.ts shows the next command and `status` settling what it left.
 */
export function crashPoint(point: CrashPoint): void {
  if (process.env.RELEASE_TEST_CRASH === point) process.kill(process.pid, 'SIGKILL');
}
