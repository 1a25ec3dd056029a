/**
 * This remote's exposes, as data so that the build (rspack.config.ts) and the host's expose
 * contract test read the same map. The rule (docs/architecture.md): expose './X' is the module
 * src/exposes/X.tsx; the host's route table names exposes by these keys.
 */
export const exposes = {
  './Landing': './src/exposes/Landing.tsx',
  './UserId': './src/exposes/UserId.tsx',
  './Password': './src/exposes/Password.tsx',
  './ChangePassword': './src/exposes/ChangePassword.tsx',
  './Idp': './src/exposes/Idp.tsx',
  './IdpComplete': './src/exposes/IdpComplete.tsx',
  './SignedOut': './src/exposes/SignedOut.tsx',
  './RestartRequired': './src/exposes/RestartRequired.tsx',
  './Denied': './src/exposes/Denied.tsx',
} as const satisfies Record<string, string>;
