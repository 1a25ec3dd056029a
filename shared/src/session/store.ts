import { createStore } from 'jotai';

/**
 * The single jotai store of the portal. The host mounts it with <Provider store={portalStore}>,
 * and code outside React (the API client, session timers) reads and writes the same atoms here,
 * which is why it must be one shared singleton.
 */
export const portalStore = createStore();

export type PortalStore = typeof portalStore;
