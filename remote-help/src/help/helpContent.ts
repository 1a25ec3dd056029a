import type { PortalConfig } from '@portal/shared/config';
import { defineLocaleContent } from '@portal/shared/words';
import * as v from 'valibot';
import helpClients from '../../content/help.clients.json';
import helpEmployees from '../../content/help.employees.json';
import { type HelpContent, HelpContentSchema, parseContent } from '../content/schema';

type Audience = PortalConfig['audience'];

/** The Login Assistance wording per audience in en-US (`content/`), validated when this module loads. */
const sourceContent: Record<Audience, HelpContent> = {
  clients: parseContent(HelpContentSchema, helpClients, 'help.clients.json'),
  employees: parseContent(HelpContentSchema, helpEmployees, 'help.employees.json'),
};

/**
 * The same wording in the active locale, where the business has written it
 * (`content/<locale>/help.json`, both audiences in one file), loaded with the catalogues.
 */
const localised = defineLocaleContent(
  'remote_help/help',
  (locale) => import(/* webpackChunkName: "help-content-[request]" */ `../../content/${locale}/help.json`),
);

const LocalisedHelpSchema = v.object({ clients: HelpContentSchema, employees: HelpContentSchema });

/**
 * The help page's wording for the audience, in the active locale when it has its own, else en-US.
 * A locale file that does not pass the schema is not shown (the en-US wording is).
 */
export function helpContentFor(audience: Audience): HelpContent {
  const parsed = v.safeParse(LocalisedHelpSchema, localised());
  return parsed.success ? parsed.output[audience] : sourceContent[audience];
}
