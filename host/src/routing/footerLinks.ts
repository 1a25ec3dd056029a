import type { MergedContributions } from '@portal/contributions/merge';
import type { PortalConfig } from '@portal/shared/config';
import { messages } from '@portal/shared/words';

/** One footer link: the host's own go to the configured addresses, contributed ones are routes. */
export type FooterLink =
  | { kind: 'external'; href: string; label: string; order: number }
  | { kind: 'route'; path: string; label: string; order: number };

/** Where the host's own links sit among contributed ones (remotes choose theirs around them). */
export const PRIVACY_ORDER = 10;
export const TERMS_OF_USE_ORDER = 30;

/**
 * The footer's links in order: the host's privacy statement (10) and terms of use (30) from the
 * portal configuration, and the links the live remotes contribute to the footer slot.
 */
export function footerLinks(
  contributions: MergedContributions,
  config: Pick<PortalConfig, 'privacyStatementUrl' | 'termsOfUseUrl'>,
): FooterLink[] {
  const { footer } = messages.shell;
  const own: FooterLink[] = [
    { kind: 'external', href: config.privacyStatementUrl, label: footer.privacy, order: PRIVACY_ORDER },
    { kind: 'external', href: config.termsOfUseUrl, label: footer.terms, order: TERMS_OF_USE_ORDER },
  ];
  const contributed = contributions.links
    .filter((link) => link.slot === 'footer')
    .map((link): FooterLink => ({ kind: 'route', path: link.path, label: link.label, order: link.order }));
  // A stable sort: at an equal order the host's own link comes first.
  return [...own, ...contributed].sort((a, b) => a.order - b.order);
}
