import cookies from '../../content/cookies.json';
import { PageContentSchema, parseContent } from '../content/schema';

export const cookiesContent = parseContent(PageContentSchema, cookies, 'cookies.json');
