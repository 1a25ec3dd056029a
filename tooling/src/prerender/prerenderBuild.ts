import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type Configuration, DefinePlugin, rspack } from '@rspack/core';
import { type PrerenderPage, prerenderEntrySource } from './prerenderEntry.ts';

export interface PrerenderBuildOptions {
  /** The app's folder: its modules and node_modules. */
  dir: string;
  pages: readonly PrerenderPage[];
  /** The module aliases and defines of the browser build, so the same code is rendered. */
  alias: Record<string, string>;
  defines: Record<string, string>;
}

const BUNDLE = 'prerender.cjs';

/** The node build of the entry: everything bundled (one React, one router), stylesheets ignored. */
function nodeConfig(options: PrerenderBuildOptions, workDir: string, entry: string): Configuration {
  return {
    name: 'prerender',
    context: options.dir,
    mode: 'production',
    devtool: false,
    target: 'node',
    entry: { prerender: entry },
    output: { path: workDir, filename: BUNDLE, library: { type: 'commonjs2' } },
    resolve: {
      extensions: ['.tsx', '.ts', '.js', '.mjs'],
      alias: options.alias,
      // The entry lies in a temporary folder: packages resolve from the app's.
      modules: [path.join(options.dir, 'node_modules'), 'node_modules'],
    },
    module: {
      rules: [
        {
          test: /\.[cm]?tsx?$/,
          exclude: /node_modules/,
          loader: 'builtin:swc-loader',
          options: {
            jsc: {
              parser: { syntax: 'typescript', tsx: true },
              transform: { react: { runtime: 'automatic' } },
            },
          },
          type: 'javascript/auto',
        },
        // The markup names the stylesheets' classes; the stylesheets themselves are the browser build's.
        { test: /\.css$/, type: 'asset/source' },
      ],
    },
    optimization: { minimize: false, splitChunks: false },
    plugins: [new DefinePlugin(options.defines)],
    performance: { hints: false },
  };
}

function compile(config: Configuration): Promise<void> {
  return new Promise((resolve, reject) => {
    rspack(config, (error, stats) => {
      if (error) return reject(error);
      if (stats?.hasErrors()) {
        const messages = stats.toJson({ all: false, errors: true }).errors ?? [];
        return reject(new Error(messages.map((m) => m.message).join('\n')));
      }
      resolve();
    });
  });
}

interface RenderBundle {
  renderPage(index: number): string;
}

function isRenderBundle(value: unknown): value is RenderBundle {
  return (
    typeof value === 'object' &&
    value !== null &&
    'renderPage' in value &&
    typeof value.renderPage === 'function'
  );
}

/**
 * Renders each page with React's server renderer from the app's own modules (a second Rspack
 * compile targeting node, in a temporary folder), and returns file → markup.
 */
export async function prerenderPages(options: PrerenderBuildOptions): Promise<Map<string, string>> {
  const workDir = await mkdtemp(path.join(tmpdir(), 'portal-prerender-'));
  try {
    const entry = path.join(workDir, 'entry.ts');
    const pages = options.pages.map((page) => ({ ...page, module: path.resolve(options.dir, page.module) }));
    await writeFile(entry, prerenderEntrySource(pages));
    await compile(nodeConfig(options, workDir, entry));
    const bundle: unknown = createRequire(import.meta.url)(path.join(workDir, BUNDLE));
    if (!isRenderBundle(bundle)) throw new Error('the prerender bundle exports no renderPage');
    return new Map(options.pages.map((page, index) => [page.file, bundle.renderPage(index)]));
  } finally {
    await rm(workDir, { recursive: true, force: true });
  }
}
