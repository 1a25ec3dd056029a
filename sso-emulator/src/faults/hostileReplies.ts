import type { FaultReply } from './faults.js';

type Derived = Extract<FaultReply, { kind: 'patch' | 'long' | 'truncated' | 'headers' }>;

/** A hostile reply made from the route's own reply (the others replace it). */
export function madeFromRealReply(reply: FaultReply): reply is Derived {
  return (
    reply.kind === 'patch' || reply.kind === 'long' || reply.kind === 'truncated' || reply.kind === 'headers'
  );
}

export interface ChangedReply {
  text: string;
  /** Send only this many characters, then close the connection. */
  cutAfter?: number;
  header?: { name: string; value: string };
}

function parsedObject(text: string): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(text);
    return value !== null && typeof value === 'object' && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : {};
  } catch {
    return {};
  }
}

/** Sets the field at a dotted path, creating the objects on the way. */
function setPath(target: Record<string, unknown>, path: string, value: unknown): void {
  const keys = path.split('.');
  const last = keys.pop() ?? path;
  let node = target;
  for (const key of keys) {
    const next = node[key];
    if (next === null || typeof next !== 'object' || Array.isArray(next)) node[key] = {};
    node = node[key] as Record<string, unknown>;
  }
  node[last] = value;
}

/** The route's reply text changed as a derived fault says. */
export function changedReply(fault: FaultReply, text: string): ChangedReply {
  switch (fault.kind) {
    case 'patch':
      return { text: JSON.stringify({ ...parsedObject(text), ...fault.patch }) };
    case 'long': {
      const value = parsedObject(text);
      setPath(value, fault.field, 'x'.repeat(fault.bytes));
      return { text: JSON.stringify(value) };
    }
    case 'truncated':
      return { text, cutAfter: Math.max(1, Math.floor(text.length / 2)) };
    case 'headers':
      return { text, header: { name: 'x-fault-padding', value: 'a'.repeat(fault.bytes) } };
    default:
      return { text };
  }
}
