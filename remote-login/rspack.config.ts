import path from 'node:path';
import { type RemoteOptions, remoteConfig, remoteDevConfigs } from '@portal/tooling/appConfig';
import { exposes } from './exposes.ts';
import contributions from './src/contributions.ts';

const dir = path.dirname(new URL(import.meta.url).pathname);

/** Exposes (exposes.ts): one per screen family; the host's route table names them. */
const options: RemoteOptions = {
  dir,
  name: 'remote_login',
  devPort: 3001,
  outDir: process.env.PORTAL_OUT_DIR,
  exposes,
  contributions,
  // The guard-A screens arrive as server-rendered HTML (docs/architecture.md, "The rendered first screen").
  prerender: ['./Landing', './UserId'],
};

/** `rspack serve` adds the harness page (development); `rspack build` makes the remote alone. */
export default (env: { RSPACK_SERVE?: boolean }) =>
  env.RSPACK_SERVE ? remoteDevConfigs(options) : remoteConfig(options);
