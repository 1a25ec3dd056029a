/**
 * This remote's exposes, as data so that the build (rspack.config.ts) and the host's expose
 * contract test read the same map. The rule (docs/architecture.md): expose './X' is the module
 * src/exposes/X.tsx; the host's route table names exposes by these keys.
 */
export const exposes = {
  './Welcome': './src/exposes/Welcome.tsx',
  './SelfService': './src/exposes/SelfService.tsx',
  './Register': './src/exposes/Register.tsx',
  './RegisterOtp': './src/exposes/RegisterOtp.tsx',
  './RegisterTotp': './src/exposes/RegisterTotp.tsx',
  './RegisterFido': './src/exposes/RegisterFido.tsx',
  './RegisterTotpPush': './src/exposes/RegisterTotpPush.tsx',
} as const satisfies Record<string, string>;
