import type { EmulatorContext } from '../context.js';
import { tenantUrl } from '../context.js';

export const AUTH_COMPLETE_PATH = 'oauth2/v1/authcomplete';

/** AUTH_ALLOWED's authCompleteUrl in the form the settings ask for (absolute by default). */
export function authCompleteUrl(ctx: EmulatorContext): string {
  return ctx.state.settings.authCompleteUrl === 'relative'
    ? AUTH_COMPLETE_PATH
    : `${tenantUrl(ctx.config)}${AUTH_COMPLETE_PATH}`;
}
