import cookies from '../../content/cookies.json';
import { localisedContent } from '../content/localisedContent';
import { PageContentSchema, parseContent } from '../content/schema';

/** The cookie notice's wording in the active locale (`content/<locale>/cookies.json`), else en-US. */
export const cookiesContent = localisedContent(
  'cookies',
  PageContentSchema,
  parseContent(PageContentSchema, cookies, 'cookies.json'),
  (locale) =>
    import(/* webpackChunkName: "cookies-content-[request]" */ `../../content/${locale}/cookies.json`),
);
