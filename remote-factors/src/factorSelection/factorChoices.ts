import type { FactorContribution, FactorIconName } from '@portal/contributions/schema';
import { ownValue } from '@portal/shared/config';

/**
 * The factors offered on factor selection (spec sections 3 and 4, Factor selection). Which codes
 * exist, their labels and which are related come from the live remotes' contributions
 * (`contributionsAtom`'s `factors`), so a factor a remote adds (RECOVERYCODE) is offered with no
 * change here. The spec's rules: codes may carry a '/suffix', custom names (customFactorOptions)
 * win, IDP names lose a trailing 'Internal', codes nobody contributes and nobody names are
 * dropped, and related factors (one contributed group) are shown together.
 */

/**
 * A factor code a live remote contributes: its label, for related factors its group (and the
 * group's title), and what its card shows (icon, a line of description).
 */
export type OfferedFactor = Pick<FactorContribution, 'code' | 'label' | 'group'> &
  Partial<Pick<FactorContribution, 'groupTitle' | 'icon' | 'description'>>;

export interface FactorChoice {
  /** The code exactly as the server sent it (sent back on selection). */
  code: string;
  /** The base code before any '/suffix'. */
  base: string;
  label: string;
  /** The contributed group of related factors, if any. */
  group?: string;
  /** The contributed title of that group, if any. */
  groupTitle?: string;
  /** The card's drawing: the contributed one; an identity provider's 'sso', else a shield. */
  icon: FactorIconName;
  /** The contributed line under the label, if any. */
  description?: string;
}

/** The drawing of a factor's card when its contribution names none. */
function fallbackIcon(base: string): FactorIconName {
  return base === 'IDP' ? 'sso' : 'shield';
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
    const known = offeredFactor(offered, base);
    const choice: FactorChoice = { code, base, label, icon: known?.icon ?? fallbackIcon(base) };
    if (known?.group) choice.group = known.group;
    if (known?.group && known.groupTitle) choice.groupTitle = known.groupTitle;
    if (known?.description) choice.description = known.description;
    return [choice];
  });
}

export interface FactorGroup {
  /** Code of the first member, stable as a React key. */
  key: string;
  /** The visible title of related factors shown together: its first member's group title. */
  title?: string;
  members: FactorChoice[];
}

/**
 * Groups related factors (one contributed group), keeping the server's order: each group sits
 * where its first member appeared, and a factor with no relative present forms a group of one.
 * A group of two or more is titled by the first member that gives its group a title; a group of
 * one has no title (one card needs no heading of its own).
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
  return groups.map((group) => {
    const title = group.members.length > 1 ? group.members.find((m) => m.groupTitle)?.groupTitle : undefined;
    return title ? { ...group, title } : group;
  });
}
