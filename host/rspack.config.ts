import path from 'node:path';
import { hostConfig } from '@portal/tooling/appConfig';

const dir = path.dirname(new URL(import.meta.url).pathname);

/** A function: rspack awaits the configuration (hostConfig reads the remotes' contributions). */
export default () =>
  hostConfig({
    dir,
    name: 'host',
    devPort: 3000,
    entry: './src/index.ts',
    template: './public/index.html',
    favicon: './public/favicon.svg',
    // The shell's markup for the rendered first screen (docs/architecture.md).
    prerenderShell: './src/prerender/Shell.tsx',
    // index.html's <title> and <noscript> in the page's locale (the portal server puts them in):
    // the title names the rendered first screen, as the app's own title does (useScreenArrival).
    documentWords: {
      title: 'shell.productName',
      // The header's name in the rendered shell, when the theme names none.
      productName: 'shell.productName',
      noscript: 'document.noScript',
      screenTitle: { id: 'shell.documentTitle', arguments: ['screen'] },
    },
    runtimePlugins: [
      path.resolve(dir, 'src/federation/retryPlugin.ts'),
      path.resolve(dir, 'src/federation/errorPlugin.ts'),
      path.resolve(dir, 'src/federation/integrityPlugin.ts'),
    ],
  });
