import { type Contributions, parseContributions } from '@portal/contributions/schema';
import type { Compilation, Compiler } from '@rspack/core';
import { MANIFEST_FILE } from './manifestIntegrityPlugin.ts';

/** The remote's contributions, checked, or the sentence that fails its build. */
export function checkedContributions(
  remote: string,
  contributions: unknown,
): { ok: true; value: Contributions } | { ok: false; problem: string } {
  const parsed = parseContributions(contributions);
  return parsed.ok
    ? parsed
    : {
        ok: false,
        problem: `The contributions of ${remote} (src/contributions.ts) are invalid: ${parsed.problem}`,
      };
}

/** The manifest's text with the contributions as its top-level `contributions` field. */
export function manifestWithContributions(manifestText: string, contributions: Contributions): string {
  const manifest = JSON.parse(manifestText) as Record<string, unknown>;
  return JSON.stringify({ ...manifest, contributions });
}

/**
 * Writes the remote's contributions (its routes, next actions, factors and links; docs/contracts.md,
 * "Contributions") into its mf-manifest.json as `contributions`, checked against the schema: a
 * remote whose contributions are invalid does not build. The manifest is the one file the release
 * tool and the portal server read a build's facts from, and its sha384 (remotes.json) covers them.
 * It runs after the federation plugin emitted the manifest and before the manifest's integrity map
 * is added (ManifestIntegrityPlugin) and anything is written.
 */
export class ManifestContributionsPlugin {
  constructor(
    private readonly remote: string,
    private readonly contributions: unknown,
  ) {}

  apply(compiler: Compiler): void {
    const { RawSource } = compiler.webpack.sources;
    compiler.hooks.thisCompilation.tap('ManifestContributionsPlugin', (compilation: Compilation) => {
      compilation.hooks.processAssets.tap(
        {
          name: 'ManifestContributionsPlugin',
          stage: compiler.webpack.Compilation.PROCESS_ASSETS_STAGE_REPORT + 50,
        },
        () => {
          const checked = checkedContributions(this.remote, this.contributions);
          if (!checked.ok) {
            compilation.errors.push(new compiler.webpack.WebpackError(checked.problem));
            return;
          }
          const asset = compilation.getAsset(MANIFEST_FILE);
          if (!asset) {
            compilation.errors.push(
              new compiler.webpack.WebpackError(
                `ManifestContributionsPlugin: the build wrote no ${MANIFEST_FILE} to carry ${this.remote}'s contributions`,
              ),
            );
            return;
          }
          const text = manifestWithContributions(asset.source.source().toString(), checked.value);
          compilation.updateAsset(MANIFEST_FILE, new RawSource(text));
        },
      );
    });
  }
}
