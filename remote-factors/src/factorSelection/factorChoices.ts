import type { FactorContribution } from '@portal/contributions/schema';
import { ownValue } from '@portal/shared/config';

/**
 * The factors offered on factor selection (spec sections 3 and 4, Factor selection). Which codes
 * exist, their labels and which are related come from the live remotes' contributions
 * (`contributionsAtom`'s `factors`), so a factor a remote adds (RECOVERYCODE) is offered with no
 * change here. The spec's rules: codes may carry a '/suffix', custom names (customFactorOptions)
 * win, IDP names lose a trailing 'Internal', codes nobody contributes and nobody names are
 * dropped, and related factors (one contributed group) are shown together.
 */

/** A factor code a live remote contributes: its label and, for related factors, its group. */
export type OfferedFactor = Pick<FactorContribution, 'code' | 'label' | 'group'>;

export interface FactorChoice {
  /** The code exactly as the server sent it (sent back on selection). */
  code: string;
  /** The base code before any '/suffix'. */
  base: string;
  label: string;
  /** The contributed group of related factors, if any. */
  group?: string;
}

/** 'FIDO/platform' → 'FIDO'. */
export function baseFactorCode(code: string): string {
  const slash = code.indexOf('/');
  return slash < 0 ? code : code.slice(0, slash);
}

/** The part after '/', if any ('IDP/Acme SSO - Internal' → 'Acme SSO - Internal'). */
function factorSuffix(code: string): string | null {
  const slash = code.indexOf('/');
  return slash < 0 ? null : code.slice(slash + 1);
}

/** 'Acme SSO - Internal' and 'Acme SSO Internal' → 'Acme SSO'. */
export function cleanIdpLabel(label: string): string {
  return label.replace(/\s*(?:-\s*)?Internal\s*$/, '').trim();
}

function offeredFactor(offered: readonly OfferedFactor[], base: string): OfferedFactor | undefined {
  return offered.find((factor) => factor.code === base);
}

/**
 * The label of a factor code, or null when none is known (then the factor is not offered).
 * Custom names (customFactorOptions, by full code then base code) win over the contributed
 * labels; an IDP factor is named after its provider when the code or custom name gives one.
 */
export function factorLabel(
  code: string,
  offered: readonly OfferedFactor[],
  customFactorOptions?: Readonly<Record<string, string>> | null,
): string | null {
  const base = baseFactorCode(code);
  const known = offeredFactor(offered, base);
  const custom = ownValue(customFactorOptions, code) ?? ownValue(customFactorOptions, base);
  if (base === 'IDP') {
    const named = custom ?? (known ? factorSuffix(code) : null);
    const cleaned = named ? cleanIdpLabel(named) : '';
    return cleaned || (known?.label ?? null);
  }
  return custom ?? known?.label ?? null;
}

/** The list offered on the factor selection screen, without factors that have no label. */
export function factorChoices(
  codes: readonly string[],
  offered: readonly OfferedFactor[],
  customFactorOptions?: Readonly<Record<string, string>> | null,
): FactorChoice[] {
  return codes.flatMap((code) => {
    const label = factorLabel(code, offered, customFactorOptions);
    if (label === null) return [];
    const base = baseFactorCode(code);
    const group = offeredFactor(offered, base)?.group;
    return [group ? { code, base, label, group } : { code, base, label }];
  });
}

export interface FactorGroup {
  /** Code of the first member, stable as a React key. */
  key: string;
  members: FactorChoice[];
}

/**
 * Groups related factors (one contributed group), keeping the server's order: each group sits
 * where its first member appeared, and a factor with no relative present forms a group of one.
 */
export function groupRelatedFactors(choices: readonly FactorChoice[]): FactorGroup[] {
  const groups: FactorGroup[] = [];
  const byRelatedGroup = new Map<string, FactorGroup>();
  for (const choice of choices) {
    const existing = choice.group === undefined ? undefined : byRelatedGroup.get(choice.group);
    if (existing) {
      existing.members.push(choice);
      continue;
    }
    const group: FactorGroup = { key: choice.code, members: [choice] };
    groups.push(group);
    if (choice.group !== undefined) byRelatedGroup.set(choice.group, group);
  }
  return groups;
}
