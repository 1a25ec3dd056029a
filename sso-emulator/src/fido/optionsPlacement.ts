import * as v from 'valibot';

/**
 * Where the FIDO challenge generators put the WebAuthn options in their reply. The spec says the
 * reply "carries public-key request data" without saying where; services differ, so the emulator
 * can answer each way: in `data` (the default), in `publicKey` (the navigator.credentials shape)
 * or at the top level of the reply. Set through the dev API; a reset restores `data`.
 */
export const OPTION_PLACEMENTS = ['data', 'publicKey', 'top'] as const;
export type OptionPlacement = (typeof OPTION_PLACEMENTS)[number];
export const DEFAULT_OPTION_PLACEMENT: OptionPlacement = 'data';

export const PlacementBodySchema = v.object({ placement: v.picklist(OPTION_PLACEMENTS) });

/** The reply fields that carry `options` under the placement. */
export function placeOptions(placement: OptionPlacement, options: object): Record<string, unknown> {
  if (placement === 'top') return { ...options };
  return { [placement]: options };
}
