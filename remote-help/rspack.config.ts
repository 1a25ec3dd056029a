import path from 'node:path';
import { type RemoteOptions, remoteConfig, remoteDevConfigs } from '@portal/tooling/appConfig';

const dir = path.dirname(new URL(import.meta.url).pathname);

/** Exposes: one per screen family; the host's route table names them. */
const options: RemoteOptions = {
  dir,
  name: 'remote_help',
  devPort: 3004,
  outDir: process.env.PORTAL_OUT_DIR,
  exposes: {
    './Help': './src/exposes/Help.tsx',
    './Cookies': './src/exposes/Cookies.tsx',
    './EmeaCookies': './src/exposes/EmeaCookies.tsx',
    './AboutAuthHub': './src/exposes/AboutAuthHub.tsx',
    './SmsTerms': './src/exposes/SmsTerms.tsx',
  },
};

/** `rspack serve` adds the harness page (development); `rspack build` makes the remote alone. */
export default (env: { RSPACK_SERVE?: boolean }) =>
  env.RSPACK_SERVE ? remoteDevConfigs(options) : remoteConfig(options);
