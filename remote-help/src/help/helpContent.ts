import type { PortalConfig } from '@portal/shared/config';
import * as v from 'valibot';
import helpClients from '../../content/help.clients.json';
import helpEmployees from '../../content/help.employees.json';
import { localisedContent } from '../content/localisedContent';
import { type HelpContent, HelpContentSchema, parseContent } from '../content/schema';

type Audience = PortalConfig['audience'];

const LocalisedHelpSchema = v.object({ clients: HelpContentSchema, employees: HelpContentSchema });

/**
 * The Login Assistance wording for both audiences: en-US from `content/help.<audience>.json`
 * (validated when this module loads), other locales from `content/<locale>/help.json` (both
 * audiences in one file) where the business has written it.
 */
const helpContent = localisedContent(
  'help',
  LocalisedHelpSchema,
  {
    clients: parseContent(HelpContentSchema, helpClients, 'help.clients.json'),
    employees: parseContent(HelpContentSchema, helpEmployees, 'help.employees.json'),
  },
  (locale) => import(/* webpackChunkName: "help-content-[request]" */ `../../content/${locale}/help.json`),
);

/** The help page's wording for the audience, in the active locale when it has its own, else en-US. */
export function helpContentFor(audience: Audience): HelpContent {
  return helpContent()[audience];
}
