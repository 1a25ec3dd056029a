import smsTerms from '../../content/sms-terms.json';
import { PageContentSchema, parseContent } from '../content/schema';

export const smsTermsContent = parseContent(PageContentSchema, smsTerms, 'sms-terms.json');
