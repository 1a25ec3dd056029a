import type { PortalConfig } from '@portal/shared/config';
import { catalogueSource, messages } from '../messages';

type Audience = PortalConfig['audience'];

/** What the spec fixes per audience (section 2, Help page): support hours and the phone regions, in order. */
export const audienceHelp: Record<Audience, { hours: string; regions: readonly string[] }> = {
  clients: {
    get hours() {
      return messages.help.clientHours;
    },
    get regions() {
      return messages.help.clientRegions;
    },
  },
  employees: {
    get hours() {
      return messages.help.employeeHours;
    },
    get regions() {
      return messages.help.employeeRegions;
    },
  },
};

export interface RegionPhone {
  /** The region's name in the active locale. */
  region: string;
  /** null when the configuration gives no number for the region. */
  number: string | null;
}

/**
 * The configuration names a region by its spec (en-US) name: the key, whatever the page's language.
 */
const REGION_KEYS: Record<Audience, readonly string[]> = {
  clients: catalogueSource.help.clientRegions,
  employees: catalogueSource.help.employeeRegions,
};

/**
 * The spec's regions for the audience, in the spec's order, each with its number from the portal
 * configuration (looked up by the region's en-US name) and its name in the active locale. Regions
 * the configuration adds beyond the spec's are not shown.
 */
export function regionPhones(audience: Audience, config: PortalConfig['support']): RegionPhone[] {
  const configured = new Map(config.phones[audience].map((phone) => [phone.region, phone.number]));
  const names = audienceHelp[audience].regions;
  return REGION_KEYS[audience].map((key, index) => ({
    region: names[index] ?? key,
    number: configured.get(key) ?? null,
  }));
}

/** A tel: address keeps only the leading + and the digits of a number written for people. */
export function telHref(number: string): string {
  return `tel:${number.replace(/[^\d+]/g, '').replace(/(?!^)\+/g, '')}`;
}
