import { describe, expect, it } from 'vitest';
import { factorLevelOf, factorSelectionAllowed } from '../src/moreOptions/selectionLevel';

describe("'More Options' is offered when factor selection is allowed", () => {
  it('when the reply lists several current factors', () => {
    expect(factorSelectionAllowed({ currentFactors: ['SMSOTP', 'PUSH'] }, null)).toBe(true);
  });
  it('when the selection screen offered a choice at this factor level', () => {
    const reply = { currentFactors: ['SMSOTP'], additional: { currentFactorLevel: 2 } };
    expect(factorLevelOf(reply)).toBe('2');
    expect(factorSelectionAllowed(reply, '2')).toBe(true);
    expect(factorSelectionAllowed(reply, '1')).toBe(false);
  });
  it('not for a step with one factor and no choice', () => {
    expect(factorSelectionAllowed({ currentFactors: ['SMSOTP'] }, null)).toBe(false);
    expect(factorSelectionAllowed(null, null)).toBe(false);
  });
});
