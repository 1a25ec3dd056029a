import * as v from 'valibot';
import { RISK_TYPES } from '../constants';
import { ownValue } from '../lookup';
import { plainRecord, storedValue } from './storedValue';

/**
 * Local storage holds exactly three things (spec section 3, security notes): the remember-me
 * user name, the remembered factor per level, and the risk type. Never a token.
 */

function parsesAsUrl(value: string): boolean {
  try {
    new URL(value);
    return true;
  } catch {
    return false;
  }
}

/** A stored user name that parses as a URL is discarded (it could be used to redirect or phish). */
export const RememberedUserNameSchema = v.pipe(
  v.string(),
  v.trim(),
  v.minLength(1),
  v.check((name) => !parsesAsUrl(name), 'A remembered user name must not be a URL'),
);

export const rememberedUserName = storedValue({
  area: 'local',
  key: 'rememberMe',
  schema: RememberedUserNameSchema,
  format: 'text',
});

/** Factor level → remembered factor code ('Remember my choice' on the factor selection screen). */
export const RememberedFactorsSchema = plainRecord(v.pipe(v.string(), v.minLength(1)));

export const rememberedFactors = storedValue({
  area: 'local',
  key: 'rememberedFactors',
  schema: RememberedFactorsSchema,
  format: 'json',
});

/** The remembered factor for a factor level, if any. */
export function rememberedFactorFor(level: string | number): string | null {
  return ownValue(rememberedFactors.read(), String(level)) ?? null;
}

/** Remembers the factor chosen at a level, keeping the other levels. */
export function rememberFactor(level: string | number, factor: string): void {
  rememberedFactors.write({ ...(rememberedFactors.read() ?? {}), [String(level)]: factor });
}

export const storedRiskType = storedValue({
  area: 'local',
  key: 'riskType',
  schema: v.picklist(RISK_TYPES),
  format: 'text',
});
