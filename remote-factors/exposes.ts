/**
 * This remote's exposes, as data so that the build (rspack.config.ts) and the host's expose
 * contract test read the same map. The rule (docs/architecture.md): expose './X' is the module
 * src/exposes/X.tsx; the host's route table names exposes by these keys.
 */
export const exposes = {
  './Otp': './src/exposes/Otp.tsx',
  './MobileOtp': './src/exposes/MobileOtp.tsx',
  './Push': './src/exposes/Push.tsx',
  './TokenCode': './src/exposes/TokenCode.tsx',
  './Fido': './src/exposes/Fido.tsx',
  './FactorSelection': './src/exposes/FactorSelection.tsx',
  './RecoveryCode': './src/exposes/RecoveryCode.tsx',
} as const satisfies Record<string, string>;
