import { readFileSync } from 'node:fs';
import * as v from 'valibot';
import { type Fixtures, FixturesSchema, type User } from './model.js';
import { recoveryCodeSetOf } from '../factors/recoveryCodes.js';
import { hashPassword } from './passwords.js';

/** Reads and validates the fixture file; a clear error names the file and the bad field. */
export function loadFixtures(path: string): Fixtures {
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(path, 'utf8'));
  } catch (error) {
    throw new Error(`Cannot read fixtures ${path}: ${(error as Error).message}`);
  }
  const result = v.safeParse(FixturesSchema, raw);
  if (!result.success) {
    const issue = result.issues[0];
    throw new Error(`Invalid fixtures ${path} at ${issue ? v.getDotPath(issue) : '?'}: ${issue?.message}`);
  }
  for (const user of result.output.users) {
    if (!user.passwordHash && user.password === undefined && user.steps.flat().includes('PASSWORD')) {
      throw new Error(`Invalid fixtures ${path}: user ${user.userName} has a PASSWORD step but no password`);
    }
  }
  return result.output;
}

/**
 * A deep copy of a fixture user with the dev password hashed and the recovery codes kept as HMACs
 * (plain secrets never stay in memory state).
 */
export function instantiateUser(user: User): User {
  const copy = structuredClone(user);
  if (!copy.passwordHash && copy.password !== undefined) copy.passwordHash = hashPassword(copy.password);
  delete copy.password;
  if (copy.recoveryCodes)
    copy.recoveryCodeSet = recoveryCodeSetOf(copy.recoveryCodes, new Date().toISOString());
  delete copy.recoveryCodes;
  return copy;
}
