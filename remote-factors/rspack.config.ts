import path from 'node:path';
import { type RemoteOptions, remoteConfig, remoteDevConfigs } from '@portal/tooling/appConfig';

const dir = path.dirname(new URL(import.meta.url).pathname);

/** Exposes: one per screen family; the host's route table names them. */
const options: RemoteOptions = {
  dir,
  name: 'remote_factors',
  devPort: 3002,
  outDir: process.env.PORTAL_OUT_DIR,
  exposes: {
    './Otp': './src/exposes/Otp.tsx',
    './MobileOtp': './src/exposes/MobileOtp.tsx',
    './Push': './src/exposes/Push.tsx',
    './TokenCode': './src/exposes/TokenCode.tsx',
    './Fido': './src/exposes/Fido.tsx',
    './FactorSelection': './src/exposes/FactorSelection.tsx',
  },
};

/** `rspack serve` adds the harness page (development); `rspack build` makes the remote alone. */
export default (env: { RSPACK_SERVE?: boolean }) =>
  env.RSPACK_SERVE ? remoteDevConfigs(options) : remoteConfig(options);
