/**
 * This remote's exposes, as data so that the build (rspack.config.ts) and the host's expose
 * contract test read the same map. The rule (docs/architecture.md): expose './X' is the module
 * src/exposes/X.tsx; the host's route table names exposes by these keys.
 */
export const exposes = {
  './Help': './src/exposes/Help.tsx',
  './Cookies': './src/exposes/Cookies.tsx',
  './AboutAuthHub': './src/exposes/AboutAuthHub.tsx',
  './SmsTerms': './src/exposes/SmsTerms.tsx',
} as const satisfies Record<string, string>;
