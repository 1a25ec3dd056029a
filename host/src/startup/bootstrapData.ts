import * as v from 'valibot';
import { RemotePlanSchema } from '../federation/remotePlan';

/**
 * Start-up data the portal server writes into the page (a `<script type="application/json">`
 * block, which a strict CSP allows because it never runs): the remotes' plans, the environment,
 * the portal configuration and the live remotes' merged contributions, so the first screen waits for none of them. Each part is parsed later
 * with the schema of the call it replaces.
 */
const BootstrapSchema = v.object({
  version: v.literal(1),
  remotes: v.record(v.string(), RemotePlanSchema),
  environment: v.optional(v.unknown()),
  portalConfig: v.optional(v.unknown()),
  /** Parsed with MergedContributionsSchema (startup/contributions): a bad value is fetched again. */
  contributions: v.optional(v.unknown()),
});
export type BootstrapData = v.InferOutput<typeof BootstrapSchema>;

export const BOOTSTRAP_ELEMENT_ID = 'portal-bootstrap';

/** The page's start-up data, or null without it (a bare dev server) or when it does not parse. */
export function readBootstrapData(doc: Document = document): BootstrapData | null {
  const element = doc.getElementById(BOOTSTRAP_ELEMENT_ID);
  if (!element?.textContent) return null;
  try {
    const parsed = v.safeParse(BootstrapSchema, JSON.parse(element.textContent));
    if (parsed.success) return parsed.output;
    console.warn(`[portal] start-up data ignored: ${v.summarize(parsed.issues)}`);
  } catch (error) {
    console.warn('[portal] start-up data ignored: not JSON', error);
  }
  return null;
}
