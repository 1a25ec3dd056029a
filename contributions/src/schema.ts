import * as v from 'valibot';

/**
 * What a remote contributes to the portal, as data (docs/contracts.md, "Contributions"). Each
 * remote writes one `src/contributions.ts`; its build copies the value into the remote's
 * `mf-manifest.json` as `contributions` (so the manifest's sha384 covers it); the portal server
 * merges the live builds' contributions into the page's start-up data; the host builds its router,
 * its next-action dispatch, the factor list and the shell's links from the merged value.
 */

/** Bump on a change a reader of an older version could not take; readers refuse other versions. */
export const CONTRIBUTIONS_VERSION = 1;

/**
 * Guards of spec section 2: A only when not authenticated (else /welcome); B only when
 * authenticated (else /home); C only while a factor step is in progress; none: always.
 */
export const GuardSchema = v.picklist(['A', 'B', 'C', 'none']);
export type Guard = v.InferOutput<typeof GuardSchema>;

/** A portal address: '/' and path segments of URL-safe characters, no query, no trailing slash. */
export const RoutePathSchema = v.pipe(
  v.string(),
  v.maxLength(120),
  v.regex(/^\/(?:[A-Za-z0-9._~-]+(?:\/[A-Za-z0-9._~-]+)*)?$/, 'a path such as /sotp or /register/sms'),
);

/** An expose of the remote's federation container ('./Otp'). */
export const ExposeNameSchema = v.pipe(
  v.string(),
  v.maxLength(60),
  v.regex(/^\.\/[A-Za-z][A-Za-z0-9]*$/, 'an expose such as ./Otp'),
);

const TextSchema = v.pipe(v.string(), v.minLength(1), v.maxLength(200));

export const RouteContributionSchema = v.strictObject({
  path: RoutePathSchema,
  guard: GuardSchema,
  expose: ExposeNameSchema,
  /** What the screen is: the page's title names it first, and the announcer says it on arrival. */
  title: TextSchema,
  /** false for pages shown inside another site's frame: no header, footer or banner. */
  shell: v.optional(v.boolean()),
  /** The screen runs login start, whose first call is a client token (preloaded by the server). */
  startsLogin: v.optional(v.literal(true)),
  /**
   * Addresses the user most likely needs next, most likely first: their screens load while the
   * browser is idle. Addresses no live remote serves are ignored.
   */
  likelyNext: v.optional(v.pipe(v.array(RoutePathSchema), v.maxLength(8))),
});
export type RouteContribution = v.InferOutput<typeof RouteContributionSchema>;

/** A nextaction ('SMS_OTP_AUTH') or a prefix pattern ending in '*' ('RECOVERYCODE_*'). */
export const ActionPatternSchema = v.pipe(
  v.string(),
  v.maxLength(80),
  v.regex(/^[A-Z][A-Z0-9_]*\*?$/, 'a nextaction such as SMS_OTP_AUTH, or a prefix such as RECOVERYCODE_*'),
);

/** Screen state a next action hands its screen (the FIDO credential type, login or register). */
const ScreenStateSchema = v.pipe(
  v.record(
    v.pipe(v.string(), v.regex(/^[a-zA-Z][a-zA-Z0-9]*$/), v.maxLength(40)),
    v.pipe(v.string(), v.maxLength(80)),
  ),
  v.check((state) => Object.keys(state).length <= 8, 'at most 8 entries'),
);

/** Only when the reply's `additional[field]` equals `equals` (CUSTOM_AUTH with customFlowId 'securid'). */
const ConditionSchema = v.strictObject({
  additional: v.pipe(v.string(), v.regex(/^[a-zA-Z][a-zA-Z0-9]*$/), v.maxLength(40)),
  equals: v.pipe(v.string(), v.maxLength(80)),
});
export type NextActionCondition = v.InferOutput<typeof ConditionSchema>;

export const NextActionContributionSchema = v.union([
  /** Open a screen: the status becomes 'factor in progress'. */
  v.strictObject({
    action: ActionPatternSchema,
    when: v.optional(ConditionSchema),
    path: RoutePathSchema,
    state: v.optional(ScreenStateSchema),
  }),
  /** Keep the reply's flow state; the current screen stays (the *_OTP_AUTH replies). */
  v.strictObject({
    action: ActionPatternSchema,
    when: v.optional(ConditionSchema),
    stay: v.literal(true),
  }),
]);
export type NextActionContribution = v.InferOutput<typeof NextActionContributionSchema>;

/** The factor icons the kernel draws (@portal/shared/ui FactorIcon). */
export const FACTOR_ICON_NAMES = [
  'message',
  'email',
  'phone',
  'code',
  'authenticator',
  'push',
  'passkey',
  'security-key',
  'biometric',
  'recovery',
  'token',
  'sso',
  'shield',
] as const;
export type FactorIconName = (typeof FACTOR_ICON_NAMES)[number];

/** A factor code the remote can offer on factor selection ('SMSOTP', 'RECOVERYCODE'). */
export const FactorContributionSchema = v.strictObject({
  code: v.pipe(v.string(), v.maxLength(40), v.regex(/^[A-Z][A-Z0-9_]*$/, 'a factor code such as SMSOTP')),
  label: TextSchema,
  /** Related factors share a group and are shown together (spec section 4). */
  group: v.optional(v.pipe(v.string(), v.regex(/^[a-z][a-z0-9-]*$/), v.maxLength(40))),
  /** The group's visible title on factor selection; the first member that gives one names the group. */
  groupTitle: v.optional(TextSchema),
  /** The kernel's drawing shown on the factor's card (FactorIcon); a shield when none is named. */
  icon: v.optional(v.picklist(FACTOR_ICON_NAMES)),
  /** One line under the label on the factor's card. */
  description: v.optional(TextSchema),
});
export type FactorContribution = v.InferOutput<typeof FactorContributionSchema>;

/** A link the shell shows: in the footer, ordered by `order` among the host's own links. */
export const LinkContributionSchema = v.strictObject({
  slot: v.picklist(['footer', 'header']),
  path: RoutePathSchema,
  label: TextSchema,
  order: v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(1000)),
});
export type LinkContribution = v.InferOutput<typeof LinkContributionSchema>;

/**
 * An SSO call the remote's screens make that the portal's reverse proxy must let through (beside
 * the spec's calls, which it always passes): only the SSO's factor and auth APIs, one method, a
 * JSON body or none. The proxy stays no wider than the live screens' calls.
 */
export const CallContributionSchema = v.strictObject({
  method: v.picklist(['GET', 'POST', 'PUT', 'DELETE']),
  path: v.pipe(
    v.string(),
    v.maxLength(80),
    v.regex(
      /^(?:factor|auth)\/v1\/[A-Za-z][A-Za-z0-9]*$/,
      'an SSO call such as factor/v1/RecoveryCodeAuthenticator',
    ),
  ),
  /**
   * The call tries a secret (a code, a password, an assertion), sends a code or a push, or starts a
   * sign-in step: the portal server counts it against the per-user attempt limit, as it does the
   * spec's own such calls, across every instance (portal-server README, "Anti-automation"). Say
   * true for any call an attacker could use to guess; a call left false is counted per address only.
   */
  triesSecret: v.optional(v.boolean(), false),
});
export type CallContribution = v.InferOutput<typeof CallContributionSchema>;

export const ContributionsSchema = v.strictObject({
  version: v.literal(CONTRIBUTIONS_VERSION),
  routes: v.pipe(v.array(RouteContributionSchema), v.maxLength(100)),
  nextActions: v.optional(v.pipe(v.array(NextActionContributionSchema), v.maxLength(200)), []),
  factors: v.optional(v.pipe(v.array(FactorContributionSchema), v.maxLength(50)), []),
  links: v.optional(v.pipe(v.array(LinkContributionSchema), v.maxLength(20)), []),
  calls: v.optional(v.pipe(v.array(CallContributionSchema), v.maxLength(20)), []),
});
/** What a remote writes (optional lists may be left out). */
export type ContributionsInput = v.InferInput<typeof ContributionsSchema>;
export type Contributions = v.InferOutput<typeof ContributionsSchema>;

/** A remote's contributions file: `export default defineContributions({ ... })` (types only). */
export function defineContributions(contributions: ContributionsInput): ContributionsInput {
  return contributions;
}

/** The remote's contributions, or a sentence saying what is wrong with them. */
export function parseContributions(
  value: unknown,
): { ok: true; value: Contributions } | { ok: false; problem: string } {
  const parsed = v.safeParse(ContributionsSchema, value);
  return parsed.success
    ? { ok: true, value: parsed.output }
    : { ok: false, problem: v.summarize(parsed.issues) };
}

/** A federation container name ('remote_factors'). */
export const RemoteNameSchema = v.pipe(v.string(), v.regex(/^[a-z][a-z0-9_]*$/), v.maxLength(60));

const owned = { remote: RemoteNameSchema };
/** Each option by name, so the merged schema keeps their types. */
const [OpenScreenClaimSchema, StayClaimSchema] = NextActionContributionSchema.options;

/** The merged contributions as the page's start-up data carries them (each names its remote). */
export const MergedContributionsSchema = v.strictObject({
  version: v.literal(CONTRIBUTIONS_VERSION),
  routes: v.array(v.strictObject({ ...RouteContributionSchema.entries, ...owned })),
  nextActions: v.array(
    v.union([
      v.strictObject({ ...OpenScreenClaimSchema.entries, ...owned }),
      v.strictObject({ ...StayClaimSchema.entries, ...owned }),
    ]),
  ),
  factors: v.array(v.strictObject({ ...FactorContributionSchema.entries, ...owned })),
  links: v.array(v.strictObject({ ...LinkContributionSchema.entries, ...owned })),
  calls: v.optional(v.array(v.strictObject({ ...CallContributionSchema.entries, ...owned })), []),
});
