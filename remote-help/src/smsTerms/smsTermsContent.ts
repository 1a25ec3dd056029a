import smsTerms from '../../content/sms-terms.json';
import { localisedContent } from '../content/localisedContent';
import { PageContentSchema, parseContent } from '../content/schema';

/** The SMS terms' wording in the active locale (`content/<locale>/sms-terms.json`), else en-US. */
export const smsTermsContent = localisedContent(
  'sms-terms',
  PageContentSchema,
  parseContent(PageContentSchema, smsTerms, 'sms-terms.json'),
  (locale) =>
    import(/* webpackChunkName: "sms-terms-content-[request]" */ `../../content/${locale}/sms-terms.json`),
);
