import type { FidoTypeRow } from './fidoTypes';

/** Decorative icon per FIDO type (the message next to it names the type). */
export function FidoIcon({ icon }: { icon: FidoTypeRow['icon'] }) {
  return icon === 'securityKey' ? (
    <svg className="portal-factor__icon" viewBox="0 0 64 64" aria-hidden="true" focusable="false">
      <rect x="22" y="4" width="20" height="16" rx="2" fill="none" stroke="currentColor" strokeWidth="3" />
      <rect x="16" y="20" width="32" height="40" rx="6" fill="none" stroke="currentColor" strokeWidth="3" />
      <circle cx="32" cy="40" r="6" fill="currentColor" />
    </svg>
  ) : (
    <svg className="portal-factor__icon" viewBox="0 0 64 64" aria-hidden="true" focusable="false">
      <path
        d="M32 8c-11 0-20 9-20 20v8M52 36v-8c0-11-9-20-20-20M20 56c4-6 6-13 6-20v-8a6 6 0 0 1 12 0v8c0 9-2 17-6 24M44 52c1-5 2-10 2-16v-8"
        fill="none"
        stroke="currentColor"
        strokeWidth="3"
        strokeLinecap="round"
      />
    </svg>
  );
}
