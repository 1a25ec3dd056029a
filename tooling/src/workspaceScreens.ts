import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { parseContributions } from '@portal/contributions/schema';
import type { WorkspaceScreen } from './startupModules.ts';

/** Where a remote package of the workspace declares its contributions. */
const CONTRIBUTIONS_FILE = 'src/contributions.ts';

/**
 * The screens of the remotes in this workspace (the folders `remote-*` beside the host), from each
 * remote's own contributions file: what the host build reads to know which screens a fresh visitor
 * lands on (startupModules.ts), without the host naming any screen. The container name is the
 * folder's with '_' for '-' (docs/architecture.md). A remote whose file does not load or parse
 * adds nothing (its own build fails on it); a host built without the remotes' sources gets none.
 */
export async function workspaceScreens(hostDir: string): Promise<WorkspaceScreen[]> {
  const workspace = path.resolve(hostDir, '..');
  const folders = readdirSync(workspace)
    .filter((name) => /^remote-[a-z0-9-]+$/.test(name))
    .filter((name) => existsSync(path.join(workspace, name, CONTRIBUTIONS_FILE)))
    .sort();
  // One after the other: the contributions files share the kernel's words module, and the config
  // loader (the CLI's jiti) hands a module still being evaluated by one import to a concurrent one.
  const screens: WorkspaceScreen[][] = [];
  for (const folder of folders) {
    const file = path.join(workspace, folder, CONTRIBUTIONS_FILE);
    const loaded = (await import(/* @vite-ignore */ file)) as { default?: unknown };
    const parsed = parseContributions(loaded.default);
    if (!parsed.ok) continue;
    const remote = folder.replaceAll('-', '_');
    screens.push(parsed.value.routes.map(({ guard, expose }) => ({ guard, remote, expose })));
  }
  return screens.flat();
}
