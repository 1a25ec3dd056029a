/** One file a build prerenders: a component module rendered at an address, in the default state. */
export interface PrerenderPage {
  /** The output file, relative to the build's folder (e.g. prerender/UserId.html). */
  file: string;
  /** The module whose default export is the component, relative to the app's folder. */
  module: string;
  /** The address it is rendered at (the router's location while rendering). */
  path: string;
}

/**
 * The source of the node entry that renders every page: each page's component inside a fresh jotai
 * store and a memory router at its address, with React's server renderer. Nothing else: no effect
 * runs on the server, so the markup is what the component renders before its first effect.
 */
export function prerenderEntrySource(pages: readonly { module: string; path: string }[]): string {
  const imports = pages.map((page, index) => `import Page${index} from ${JSON.stringify(page.module)};`);
  const table = pages.map((page, index) => `  [${JSON.stringify(page.path)}, Page${index}],`);
  return [
    "import { createElement } from 'react';",
    "import { renderToStaticMarkup } from 'react-dom/server';",
    "import { MemoryRouter } from 'react-router-dom';",
    "import { Provider, createStore } from 'jotai';",
    ...imports,
    'const pages = [',
    ...table,
    '];',
    'export function renderPage(index) {',
    '  const [path, Page] = pages[index];',
    '  return renderToStaticMarkup(',
    '    createElement(Provider, { store: createStore() },',
    '      createElement(MemoryRouter, { initialEntries: [path] }, createElement(Page))),',
    '  );',
    '}',
    '',
  ].join('\n');
}
