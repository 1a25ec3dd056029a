import type { FidoRegistrationState } from '../common/registrationState';

/** A biometric (fingerprint) icon, or a key for security keys and passkeys. */
export function FidoIcon({ type }: { type: FidoRegistrationState['fidoCredType'] }) {
  return (
    <svg
      aria-hidden="true"
      width="48"
      height="48"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.5"
    >
      {type === 'fido' ? (
        <path d="M12 3a7 7 0 0 0-7 7v3M19 10a7 7 0 0 0-3-5.7M12 7a3 3 0 0 1 3 3v2a9 9 0 0 1-1.5 5M9 10a3 3 0 0 1 .5-1.6M9 13v-1M12 11v2a12 12 0 0 1-2 7M6 17a12 12 0 0 0 1-4" />
      ) : (
        <path d="M15 7a4 4 0 1 1-3.9 4.9L3 20v-3h3v-3h3l1.1-1.1A4 4 0 0 1 15 7zM16 9.5h.01" />
      )}
    </svg>
  );
}
