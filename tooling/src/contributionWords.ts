import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Compilation, Compiler } from '@rspack/core';
import { MANIFEST_FILE } from './manifestIntegrityPlugin.ts';

type Words = Record<string, Record<string, string>>;

/** The texts a remote's contributions show: route titles, factor labels, descriptions and group titles, link labels. */
function contributedTexts(contributions: unknown): string[] {
  const c = contributions as {
    routes?: { title?: unknown }[];
    factors?: { label?: unknown; description?: unknown; groupTitle?: unknown }[];
    links?: { label?: unknown }[];
  };
  const texts = [
    ...(c.routes ?? []).map((route) => route.title),
    ...(c.factors ?? []).flatMap((factor) => [factor.label, factor.description, factor.groupTitle]),
    ...(c.links ?? []).map((link) => link.label),
  ];
  return [...new Set(texts.filter((text): text is string => typeof text === 'string'))];
}

/** A message that is plain text (no argument, no ICU syntax) as the reader sees it, else undefined. */
function plainText(message: unknown): string | undefined {
  if (typeof message !== 'string' || /[{}]/.test(message)) return undefined;
  return message.replace(/''/g, "'");
}

const readJson = (file: string): Record<string, unknown> => JSON.parse(readFileSync(file, 'utf8'));

/** A compiled message (ICU syntax tree) that is text only, as text; else undefined. */
function compiledText(tree: unknown): string | undefined {
  if (typeof tree === 'string') return /[{}]/.test(tree) ? undefined : tree;
  if (!Array.isArray(tree)) return undefined;
  let text = '';
  for (const element of tree as { type?: unknown; value?: unknown }[]) {
    if (element.type !== 0 || typeof element.value !== 'string') return undefined;
    text += element.value;
  }
  return text;
}

/**
 * Each locale's words for the texts the remote contributes, `{ "<locale>": { "<en-US text>":
 * "<text>" } }`: a route's title (the page's title and the announcer's words) and a link's or a
 * factor's label are shown by the host and the portal server, which have not loaded the remote's
 * catalogue; they take the page's locale's words from here (the manifest, verified by its sha384).
 * A text is found by its en-US wording in the remote's source catalogue (lang/en-US.json), and
 * read in each compiled catalogue (compiled-lang/, the pseudo-locales among them).
 */
export function contributionWords(contributions: unknown, packageDir: string): Words {
  const sourceFile = path.join(packageDir, 'lang', 'en-US.json');
  const compiledDir = path.join(packageDir, 'compiled-lang');
  if (!existsSync(sourceFile) || !existsSync(compiledDir)) return {};
  const source = readJson(sourceFile);
  const idsOf = (text: string) => Object.keys(source).filter((id) => plainText(source[id]) === text);
  const texts = contributedTexts(contributions);
  const words: Words = {};
  for (const file of readdirSync(compiledDir).filter(
    (name) => name.endsWith('.json') && name !== 'en-US.json',
  )) {
    const locale = file.slice(0, -'.json'.length);
    const messages = readJson(path.join(compiledDir, file));
    const translated: Record<string, string> = {};
    for (const text of texts) {
      const word = idsOf(text)
        .map((id) => compiledText(messages[id]))
        .find((value) => value !== undefined);
      if (word !== undefined && word !== text) translated[text] = word;
    }
    if (Object.keys(translated).length > 0) words[locale] = translated;
  }
  return words;
}

/** Adds `contributionWords` to the remote's mf-manifest.json, after its contributions. */
export class ManifestContributionWordsPlugin {
  constructor(
    private readonly contributions: unknown,
    private readonly packageDir: string,
  ) {}

  apply(compiler: Compiler): void {
    const { RawSource } = compiler.webpack.sources;
    compiler.hooks.thisCompilation.tap('ManifestContributionWordsPlugin', (compilation: Compilation) => {
      compilation.hooks.processAssets.tap(
        {
          name: 'ManifestContributionWordsPlugin',
          stage: compiler.webpack.Compilation.PROCESS_ASSETS_STAGE_REPORT + 55,
        },
        () => {
          const asset = compilation.getAsset(MANIFEST_FILE);
          if (!asset) return;
          const manifest = JSON.parse(asset.source.source().toString()) as Record<string, unknown>;
          const words = contributionWords(this.contributions, this.packageDir);
          compilation.updateAsset(
            MANIFEST_FILE,
            new RawSource(JSON.stringify({ ...manifest, contributionWords: words })),
          );
        },
      );
    });
  }
}
