import { createFactorCalls } from './factorCalls';
import { createFidoCalls } from './fidoCalls';
import { send } from './send';

/** The calls of remote-factors' screens, through the kernel's transport. */
export const factorApi = {
  ...createFactorCalls(send),
  ...createFidoCalls(send, () => globalThis.location.origin),
};
