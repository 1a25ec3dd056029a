import { hostname } from 'node:os';
import type { SwitchContext } from '../context.js';
import type { NewLogEntry } from '../releaseLog.js';

/** A log entry of a switch: when, by whom and on which machine, with what it switched. */
export function switchEntry(
  context: SwitchContext,
  fields: Pick<NewLogEntry, 'remote' | 'action' | 'from' | 'to'> & {
    percent?: number | undefined;
    reason?: string | undefined;
  },
): NewLogEntry {
  const { percent, reason, ...rest } = fields;
  return {
    at: context.now().toISOString(),
    by: context.by,
    hostname: context.hostname ?? hostname(),
    ...rest,
    ...(percent === undefined ? {} : { percent }),
    ...(reason === undefined ? {} : { reason }),
  };
}
