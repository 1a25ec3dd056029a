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
});

export type EmulatorSettings = Required<v.InferOutput<typeof SettingsBodySchema>>;

export const DEFAULT_SETTINGS: Readonly<EmulatorSettings> = { authCompleteUrl: 'absolute' };
