import type { EmulatorContext } from '../context.js';
import { tenantUrl } from '../context.js';
import { COMPLETION_SECRET_PARAM } from './completionSecret.js';

export const AUTH_COMPLETE_PATH = 'oauth2/v1/authcomplete';

/**
 * AUTH_ALLOWED's authCompleteUrl in the form the settings ask for (absolute by default), carrying
 * the flow's one-time completion secret as a query parameter in both forms.
 */
export function authCompleteUrl(ctx: EmulatorContext, completionSecret: string): string {
  const query = `?${new URLSearchParams({ [COMPLETION_SECRET_PARAM]: completionSecret })}`;
  return ctx.state.settings.authCompleteUrl === 'relative'
    ? `${AUTH_COMPLETE_PATH}${query}`
    : `${tenantUrl(ctx.config)}${AUTH_COMPLETE_PATH}${query}`;
}
