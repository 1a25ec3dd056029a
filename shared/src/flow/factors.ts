import { FACTOR_CODES, type FactorCode } from '../api/schemas';
import { FIDO_TYPES } from '../fido/fidoTypes';
import { ownValue } from '../lookup';
import { messages } from '../messages/en_US';

/**
 * Factor codes and their labels (spec sections 3 and 4, Factor selection): codes may carry a
 * '/suffix', custom factors bring their own names, IDP names lose a trailing 'Internal',
 * unknown codes are dropped, and related factors are grouped.
 */

export interface FactorChoice {
  /** The code exactly as the server sent it (sent back on selection). */
  code: string;
  /** The base code before any '/suffix'. */
  base: string;
  label: string;
}

/** 'FIDO/platform' → 'FIDO'. */
export function baseFactorCode(code: string): string {
  const slash = code.indexOf('/');
  return slash < 0 ? code : code.slice(0, slash);
}

/** The part after '/', if any ('IDP/Acme SSO - Internal' → 'Acme SSO - Internal'). */
export function factorSuffix(code: string): string | null {
  const slash = code.indexOf('/');
  return slash < 0 ? null : code.slice(slash + 1);
}

export function isFactorCode(code: string): code is FactorCode {
  return (FACTOR_CODES as readonly string[]).includes(code);
}

/** 'Acme SSO - Internal' and 'Acme SSO Internal' → 'Acme SSO'. */
export function cleanIdpLabel(label: string): string {
  return label.replace(/\s*(?:-\s*)?Internal\s*$/, '').trim();
}

/**
 * The label of a factor code, or null when none is known (then the factor is not offered).
 * Custom names (customFactorOptions, by full code then base code) win over the built-in labels;
 * an IDP factor is named after its provider when the code or custom name gives one.
 */
export function factorLabel(
  code: string,
  customFactorOptions?: Readonly<Record<string, string>> | null,
): string | null {
  const base = baseFactorCode(code);
  const custom = ownValue(customFactorOptions, code) ?? ownValue(customFactorOptions, base);
  if (base === 'IDP') {
    const named = custom ?? factorSuffix(code);
    const cleaned = named ? cleanIdpLabel(named) : '';
    return cleaned || messages.factorLabels.IDP;
  }
  if (custom) return custom;
  return isFactorCode(base) ? messages.factorLabels[base] : null;
}

/** The list offered on the factor selection screen, without factors that have no label. */
export function factorChoices(
  codes: readonly string[],
  customFactorOptions?: Readonly<Record<string, string>> | null,
): FactorChoice[] {
  return codes.flatMap((code) => {
    const label = factorLabel(code, customFactorOptions);
    return label === null ? [] : [{ code, base: baseFactorCode(code), label }];
  });
}

/** Related factors of spec section 4: shown together when the list holds more than one. */
export const RELATED_FACTOR_GROUPS: readonly (readonly FactorCode[])[] = [
  ['FIDO', 'SECURITYKEY', 'PASSKEY'],
  ['SMSOTP', 'EMAILOTP'],
  ['MOBILEOTP', 'PUSH'],
];

export interface FactorGroup {
  /** Base code of the first member, stable as a React key. */
  key: string;
  members: FactorChoice[];
}

/**
 * Groups related factors, keeping the server's order: each group sits where its first member
 * appeared, and a factor with no relative present forms a group of one.
 */
export function groupRelatedFactors(choices: readonly FactorChoice[]): FactorGroup[] {
  const groupIndexOf = (base: string) =>
    RELATED_FACTOR_GROUPS.findIndex((group) => group.some((c) => c === base));
  const groups: FactorGroup[] = [];
  const byRelatedGroup = new Map<number, FactorGroup>();
  for (const choice of choices) {
    const related = groupIndexOf(choice.base);
    const existing = related >= 0 ? byRelatedGroup.get(related) : undefined;
    if (existing) {
      existing.members.push(choice);
      continue;
    }
    const group: FactorGroup = { key: choice.code, members: [choice] };
    groups.push(group);
    if (related >= 0) byRelatedGroup.set(related, group);
  }
  return groups;
}

const INLINE_CODES = new RegExp(`\\b(${FIDO_TYPES.map((row) => row.credType).join('|')})\\b`, 'g');

/** Inline messages name factors in words: FIDO → 'biometrics', SECURITYKEY → 'security key'… */
export function inlineFactorMessage(text: string): string {
  return text.replace(
    INLINE_CODES,
    (code) => FIDO_TYPES.find((row) => row.credType === code)?.inlineName ?? code,
  );
}
