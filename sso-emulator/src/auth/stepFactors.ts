import { recoveryCodesLeft } from '../factors/recoveryCodes.js';
import type { User } from '../state/model.js';

/**
 * The factors a user may use at a step: the step's own, and RECOVERYCODE in place of a second
 * factor while the user has unused recovery codes (never in place of the password, or of the
 * identity provider that names the user). A step that gains it becomes a factor selection.
 */
export function stepFactors(user: User, stepIndex: number): readonly string[] {
  const step = user.steps[stepIndex] ?? [];
  if (step.length === 0 || recoveryCodesLeft(user) === 0 || step.includes('RECOVERYCODE')) return step;
  const firstFactor = step.some((factor) => factor === 'PASSWORD' || factor.startsWith('IDP'));
  return firstFactor ? step : [...step, 'RECOVERYCODE'];
}
