import * as v from 'valibot';

/**
 * Switches a test sets through the dev API (POST /_emulator/api/settings) to make the emulator
 * behave like SSO servers configured differently; reset restores the defaults.
 */
export const SettingsBodySchema = v.object({
  /**
   * The form of AUTH_ALLOWED's authCompleteUrl: 'absolute' ({tenant URL}oauth2/v1/authcomplete)
   * or 'relative' (oauth2/v1/authcomplete, relative to the tenant URL, as some servers send it).
   */
  authCompleteUrl: v.optional(v.picklist(['absolute', 'relative'])),
  /**
   * 'on': the SSO offers step-up (our design, the spec has none): MeCreds advertises it, and
   * deleting the last credential of a type needs a grant from MeStepUp (selfservice/stepUp.ts).
   */
  stepUp: v.optional(v.picklist(['off', 'on'])),
  /**
   * 'on': number matching (our design, issue 27): PushGenerator's reply carries the number the
   * phone must be given (data.numberChallenge) and the sign-in's context (data.signInContext);
   * the developer page approves only with that number, and a wrong one rejects the push.
   */
  pushNumberMatching: v.optional(v.picklist(['off', 'on'])),
});

export type EmulatorSettings = Required<v.InferOutput<typeof SettingsBodySchema>>;

export const DEFAULT_SETTINGS: Readonly<EmulatorSettings> = {
  authCompleteUrl: 'absolute',
  stepUp: 'off',
  pushNumberMatching: 'off',
};
