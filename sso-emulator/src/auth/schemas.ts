import * as v from 'valibot';
import { FactorCodeSchema } from '../state/model.js';

const KeyValueList = v.array(v.object({ key: v.string(), value: v.string() }));
const LatestFlowStateMarker = v.optional(v.union([v.boolean(), v.string()]));

export const ResetFlowBodySchema = v.object({
  resetFlow: v.literal(true),
  subject: v.optional(v.string()),
});

export const AuthenticateBodySchema = v.object({
  channel: v.literal('web'),
  action: v.literal('authenticate'),
  subject: v.optional(v.pipe(v.string(), v.trim(), v.minLength(1, 'must not be empty'), v.toLowerCase())),
  rememberMe: v.optional(v.boolean()),
  /** The id from the browser's tdi- cookie (kept from an earlier AUTH_ALLOWED). */
  trustedDeviceID: v.optional(v.pipe(v.string(), v.maxLength(256, 'must be at most 256 characters'))),
  authContext: v.optional(KeyValueList),
  device: v.optional(
    v.object({
      signature: v.union([v.string(), v.object({ iaAuthData: v.string() })]),
    }),
  ),
  clientContext: v.optional(KeyValueList),
  latestFlowState: LatestFlowStateMarker,
  deviceTag: v.optional(v.boolean()),
});

export const SelectedFactorBodySchema = v.union([
  v.object({
    action: v.literal('restorelastaction'),
    latestFlowState: LatestFlowStateMarker,
    deviceTag: v.optional(v.boolean()),
  }),
  v.object({ action: v.literal('chooseanother'), deviceTag: v.optional(v.boolean()) }),
  v.object({
    factor: FactorCodeSchema,
    rememberChoice: v.optional(v.boolean()),
    latestFlowState: LatestFlowStateMarker,
    deviceTag: v.optional(v.boolean()),
  }),
]);
