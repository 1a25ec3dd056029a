import type { FactorIconName } from '@portal/contributions/schema';

/**
 * The drawings of the factor icons a remote names in its factor contributions (`icon`), 24 × 24,
 * stroked in the text's colour. Decorative: the choice's title names the factor.
 */
const DRAWINGS: Record<FactorIconName, string> = {
  message: 'M4 5h16v11H9l-5 4z M8 10h8 M8 13h5',
  email: 'M3 6h18v12H3z M3 7l9 7 9-7',
  phone: 'M6 3h3l2 5-2.5 1.5a11 11 0 0 0 6 6L16 13l5 2v3a2 2 0 0 1-2 2A16 16 0 0 1 4 5a2 2 0 0 1 2-2z',
  code: 'M3 7h18v10H3z M7 12h.01 M12 12h.01 M17 12h.01',
  authenticator: 'M7 2h10v20H7z M11 18h2 M12 7v4l2 1',
  push: 'M7 2h10v20H7z M11 18h2 M9.5 10l2 2 3.5-4',
  passkey:
    'M9 11a4 4 0 1 0 0-8 4 4 0 0 0 0 8z M2 21v-2a6 6 0 0 1 9-5 M17 11a3 3 0 1 1 0 6 3 3 0 0 1 0-6z M17 17v4l1.5-1',
  'security-key': 'M9 2h6v5H9z M7 7h10v15H7z M12 13v3',
  biometric:
    'M12 3a8 8 0 0 0-8 8v3 M20 14v-3a8 8 0 0 0-4-7 M8 21c1.5-2.5 2-5 2-7v-3a2 2 0 0 1 4 0v3c0 3-.5 5.5-2 8 M16 19c.5-1.5.8-3.5.8-5',
  recovery: 'M5 3h11l3 3v15H5z M9 9h6 M9 13h6 M9 17h3',
  token: 'M4 6h16v12H4z M8 10h8 M8 14h3',
  sso: 'M10 14a4 4 0 0 0 6 0l3-3a4 4 0 0 0-6-6l-1 1 M14 10a4 4 0 0 0-6 0l-3 3a4 4 0 0 0 6 6l1-1',
  shield: 'M12 3l8 3v6c0 5-3.5 8-8 9-4.5-1-8-4-8-9V6z M9 12l2 2 4-4',
};

export function FactorIcon({ name, className }: { name: FactorIconName; className?: string }) {
  return (
    <svg
      className={['portal-factor-icon', className].filter(Boolean).join(' ')}
      width="24"
      height="24"
      viewBox="0 0 24 24"
      aria-hidden="true"
      focusable="false"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.75"
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      <path d={DRAWINGS[name]} />
    </svg>
  );
}
