import about from '../../content/about.json';
import { localisedContent } from '../content/localisedContent';
import { PageContentSchema, parseContent } from '../content/schema';

/** The info page's wording in the active locale (`content/<locale>/about.json`), else en-US. */
export const aboutContent = localisedContent(
  'about',
  PageContentSchema,
  parseContent(PageContentSchema, about, 'about.json'),
  (locale) => import(/* webpackChunkName: "about-content-[request]" */ `../../content/${locale}/about.json`),
);
