import emeaCookies from '../../content/emea-cookies.json';
import { PageContentSchema, parseContent } from '../content/schema';

export const emeaCookiesContent = parseContent(PageContentSchema, emeaCookies, 'emea-cookies.json');
