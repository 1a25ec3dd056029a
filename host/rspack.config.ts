import path from 'node:path';
import { paths } from '@portal/shared/router';
import { hostConfig } from '@portal/tooling/appConfig';
import { routes } from './src/routes.ts';

const dir = path.dirname(new URL(import.meta.url).pathname);

export default hostConfig({
  dir,
  name: 'host',
  devPort: 3000,
  entry: './src/index.ts',
  template: './public/index.html',
  favicon: './public/favicon.svg',
  runtimePlugins: [
    path.resolve(dir, 'src/federation/retryPlugin.ts'),
    path.resolve(dir, 'src/federation/errorPlugin.ts'),
    path.resolve(dir, 'src/federation/integrityPlugin.ts'),
  ],
  routes,
  homePath: paths.home,
});
