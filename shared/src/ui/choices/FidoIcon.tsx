import type { FidoIconName } from '../../fido/fidoTypes';

/**
 * The FIDO icon of spec section 4 (biometric or security key), the same drawing on the sign-in
 * and the registration screens; which one a type gets is in the FIDO table
 * (@portal/shared/fido/fidoTypes). Decorative: the message next to it names the type. 48 px
 * unless the screen's stylesheet sizes it through `className`.
 */
export function FidoIcon({ icon, className }: { icon: FidoIconName; className?: string }) {
  return (
    <svg
      className={className}
      width="48"
      height="48"
      viewBox="0 0 64 64"
      aria-hidden="true"
      focusable="false"
      fill="none"
      stroke="currentColor"
      strokeWidth="3"
    >
      {icon === 'securityKey' ? (
        <>
          <rect x="22" y="4" width="20" height="16" rx="2" />
          <rect x="16" y="20" width="32" height="40" rx="6" />
          <circle cx="32" cy="40" r="6" fill="currentColor" stroke="none" />
        </>
      ) : (
        <path
          d="M32 8c-11 0-20 9-20 20v8M52 36v-8c0-11-9-20-20-20M20 56c4-6 6-13 6-20v-8a6 6 0 0 1 12 0v8c0 9-2 17-6 24M44 52c1-5 2-10 2-16v-8"
          strokeLinecap="round"
        />
      )}
    </svg>
  );
}
