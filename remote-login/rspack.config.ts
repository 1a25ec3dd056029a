import path from 'node:path';
import { type RemoteOptions, remoteConfig, remoteDevConfigs } from '@portal/tooling/appConfig';

const dir = path.dirname(new URL(import.meta.url).pathname);

/** Exposes: one per screen family; the host's route table names them. */
const options: RemoteOptions = {
  dir,
  name: 'remote_login',
  devPort: 3001,
  outDir: process.env.PORTAL_OUT_DIR,
  exposes: {
    './Landing': './src/exposes/Landing.tsx',
    './UserId': './src/exposes/UserId.tsx',
    './Password': './src/exposes/Password.tsx',
    './ChangePassword': './src/exposes/ChangePassword.tsx',
    './Idp': './src/exposes/Idp.tsx',
    './IdpComplete': './src/exposes/IdpComplete.tsx',
    './SignedOut': './src/exposes/SignedOut.tsx',
    './RestartRequired': './src/exposes/RestartRequired.tsx',
    './Denied': './src/exposes/Denied.tsx',
  },
};

/** `rspack serve` adds the harness page (development); `rspack build` makes the remote alone. */
export default (env: { RSPACK_SERVE?: boolean }) =>
  env.RSPACK_SERVE ? remoteDevConfigs(options) : remoteConfig(options);
