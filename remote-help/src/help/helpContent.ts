import type { PortalConfig } from '@portal/shared/config';
import helpClients from '../../content/help.clients.json';
import helpEmployees from '../../content/help.employees.json';
import { type HelpContent, HelpContentSchema, parseContent } from '../content/schema';

/** The Login Assistance wording per audience, validated when this module loads. */
export const helpContent: Record<PortalConfig['audience'], HelpContent> = {
  clients: parseContent(HelpContentSchema, helpClients, 'help.clients.json'),
  employees: parseContent(HelpContentSchema, helpEmployees, 'help.employees.json'),
};
