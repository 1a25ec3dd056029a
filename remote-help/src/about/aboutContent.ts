import about from '../../content/about.json';
import { PageContentSchema, parseContent } from '../content/schema';

export const aboutContent = parseContent(PageContentSchema, about, 'about.json');
