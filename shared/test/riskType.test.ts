import { createStore } from 'jotai';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { riskTypeAtom } from '../src/session/atoms';
import { applyRiskType, resolveRiskType } from '../src/session/riskType';

afterEach(() => localStorage.clear());

describe('risk type', () => {
  it.each(['IARISK', 'AARISK', 'RSARISK'] as const)('takes a configured %s', (riskType) => {
    expect(resolveRiskType(riskType, null)).toBe(riskType);
  });
  it('defaults to RSARISK', () => {
    expect(resolveRiskType(undefined, null)).toBe('RSARISK');
    expect(resolveRiskType('', null)).toBe('RSARISK');
  });
  it('uses the saved choice when nothing is configured', () => {
    expect(resolveRiskType(null, 'AARISK')).toBe('AARISK');
  });
  it("an invalid value keeps the default with 'Invalid risk type {x}. Using default.'", () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    expect(resolveRiskType('FOO', 'IARISK')).toBe('RSARISK');
    expect(warn).toHaveBeenCalledWith('Invalid risk type FOO. Using default.');
  });
  it('applyRiskType puts it in the store and saves it under riskType', () => {
    const store = createStore();
    expect(applyRiskType(store, 'IARISK')).toBe('IARISK');
    expect(store.get(riskTypeAtom)).toBe('IARISK');
    expect(localStorage.getItem('riskType')).toBe('IARISK');
    expect(applyRiskType(store, undefined)).toBe('IARISK');
  });
  it('a tampered saved value is discarded', () => {
    localStorage.setItem('riskType', 'EVIL');
    expect(applyRiskType(createStore(), undefined)).toBe('RSARISK');
  });
});
