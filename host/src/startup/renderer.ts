/**
 * React's DOM renderer (react-dom/client), loaded when the first render is due. The page requests
 * it last (a build chunk of its own, first-load.json's `last`): it is a third of the first page's
 * bytes and nothing but the first render needs it, so the start-up, the session and the first
 * screen's code run while it is still arriving (docs/architecture.md, "The first load").
 */
export type Renderer = typeof import('react-dom/client');

export function loadRenderer(): Promise<Renderer> {
  return import('react-dom/client');
}
