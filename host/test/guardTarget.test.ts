import { AuthStatus } from '@portal/shared/session';
import { describe, expect, it } from 'vitest';
import { guardTarget } from '../src/guards/guardTarget';

describe('guardTarget (spec section 2 guards)', () => {
  const { None, Factor, Authenticated, RestartNeeded } = AuthStatus;
  it.each([
    ['A', None, null],
    ['A', Factor, null],
    ['A', RestartNeeded, null],
    ['A', Authenticated, '/welcome'],
    ['B', Authenticated, null],
    ['B', None, '/home'],
    ['B', Factor, '/home'],
    ['B', RestartNeeded, '/home'],
    ['C', Factor, null],
    ['C', Authenticated, '/welcome'],
    ['C', None, '/home'],
    ['C', RestartNeeded, '/home'],
    ['none', None, null],
    ['none', Authenticated, null],
  ] as const)('guard %s with status %i → %s', (guard, status, expected) => {
    expect(guardTarget(guard, status)).toBe(expected);
  });
});
