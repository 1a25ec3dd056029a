import path from 'node:path';
import { type RemoteOptions, remoteConfig, remoteDevConfigs } from '@portal/tooling/appConfig';

const dir = path.dirname(new URL(import.meta.url).pathname);

/** Exposes: one per screen family; the host's route table names them. */
const options: RemoteOptions = {
  dir,
  name: 'remote_selfservice',
  devPort: 3003,
  outDir: process.env.PORTAL_OUT_DIR,
  exposes: {
    './Welcome': './src/exposes/Welcome.tsx',
    './SelfService': './src/exposes/SelfService.tsx',
    './Register': './src/exposes/Register.tsx',
    './RegisterOtp': './src/exposes/RegisterOtp.tsx',
    './RegisterTotp': './src/exposes/RegisterTotp.tsx',
    './RegisterFido': './src/exposes/RegisterFido.tsx',
    './RegisterTotpPush': './src/exposes/RegisterTotpPush.tsx',
  },
};

/** `rspack serve` adds the harness page (development); `rspack build` makes the remote alone. */
export default (env: { RSPACK_SERVE?: boolean }) =>
  env.RSPACK_SERVE ? remoteDevConfigs(options) : remoteConfig(options);
