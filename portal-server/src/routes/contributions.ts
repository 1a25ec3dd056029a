import type { FastifyInstance } from 'fastify';
import { localisedContributions } from '../i18n/localisedContributions.js';
import { negotiateLocale, SOURCE_LOCALE } from '../i18n/negotiateLocale.js';
import type { LiveContributions } from '../firstLoad/liveContributions.js';
import type { SessionRemotes } from '../firstLoad/sessionRemotes.js';
import type { CanaryKeys } from '../remotes/canarySession.js';
import { NO_STORE } from '../static/cachePolicy.js';

export interface ContributionsRouteOptions {
  remotes: SessionRemotes;
  contributions: LiveContributions;
  /** The session's canary key (its sealed cookie), as for a page. */
  canaryKeys: CanaryKeys;
}

/**
 * GET /v1/config/contributions: the live builds' contributions merged for this browser session
 * (its canary builds included), the same body as the page's bootstrap block carries, for a page
 * without start-up data, and for a page whose user has just chosen another language. The titles and
 * labels are in the locale negotiated as for a page: the `ui_locales` the page sends (its active
 * locale), then the saved choice, then Accept-Language. no-store: promoting or rolling back a
 * remote changes it.
 */
export function registerContributionsRoute(app: FastifyInstance, options: ContributionsRouteOptions): void {
  app.get('/v1/config/contributions', async (request, reply) => {
    const session = options.canaryKeys.session(request.headers.cookie);
    const remotes = await options.remotes.read(session);
    const merged = options.contributions.merge(remotes);
    // The locales the remotes have words for: those a page can be in, as far as this body goes.
    const locales = new Set([SOURCE_LOCALE]);
    for (const { resolved } of remotes.values()) {
      for (const locale of Object.keys(resolved?.contributionWords ?? {})) locales.add(locale);
    }
    // As a page negotiates: the page's ui_locales (it passes its locale), the saved choice, Accept-Language.
    const query = request.url.indexOf('?');
    const locale = negotiateLocale(
      {
        pathname: query < 0 ? request.url : request.url.slice(0, query),
        search: query < 0 ? '' : request.url.slice(query),
        cookie: request.headers.cookie,
        acceptLanguage: request.headers['accept-language'],
        takesUiLocales: true,
      },
      [...locales],
    );
    const cookie = session.setCookie();
    if (cookie) reply.header('set-cookie', cookie);
    return reply
      .header('cache-control', NO_STORE)
      .header('vary', 'accept-language, cookie')
      .send(localisedContributions(merged, remotes, locale));
  });
}
