import type { GenericSchema } from 'valibot';

/** valibot's object schemas: each accepts an array as an object (arrays are objects in JS). */
const OBJECT_SCHEMA_TYPES: ReadonlySet<string> = new Set([
  'object',
  'loose_object',
  'strict_object',
  'object_with_rest',
]);

/** Schemas that wrap one other schema (optional, nullable, …): the value is checked against it. */
const WRAPPER_SCHEMA_TYPES: ReadonlySet<string> = new Set([
  'optional',
  'exact_optional',
  'undefinedable',
  'nullable',
  'nullish',
  'non_optional',
  'non_nullable',
  'non_nullish',
]);

const MAX_WALK_DEPTH = 64;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function childSchema(schema: GenericSchema, key: 'wrapped' | 'item'): GenericSchema | undefined {
  const child: unknown = (schema as unknown as Record<string, unknown>)[key];
  return isRecord(child) && typeof child.type === 'string' ? (child as unknown as GenericSchema) : undefined;
}

function childSchemas(schema: GenericSchema, key: 'entries' | 'options'): unknown {
  return (schema as unknown as Record<string, unknown>)[key];
}

/**
 * The first place in `value` where `schema` expects an object and the reply has a list, named
 * (`data.additional`), or null. valibot's object schemas take a list for an object, so a reply
 * whose `data` is `[]` would pass as a `data` with no fields and be read as 'nothing yet' (a
 * polled status taken for pending): the transport refuses it as malformed instead.
 */
export function listWhereObjectBelongs(
  schema: GenericSchema,
  value: unknown,
  path = '',
  depth = 0,
): string | null {
  if (depth > MAX_WALK_DEPTH || value === undefined || value === null) return null;
  const here = path || 'the reply';
  if (OBJECT_SCHEMA_TYPES.has(schema.type)) {
    if (Array.isArray(value)) return `${here} is a list where an object belongs`;
    const entries = childSchemas(schema, 'entries');
    if (!isRecord(value) || !isRecord(entries)) return null;
    for (const [name, entry] of Object.entries(entries)) {
      if (!isRecord(entry) || typeof entry.type !== 'string') continue;
      const issue = listWhereObjectBelongs(
        entry as unknown as GenericSchema,
        value[name],
        path ? `${path}.${name}` : name,
        depth + 1,
      );
      if (issue) return issue;
    }
    return null;
  }
  if (schema.type === 'record')
    return Array.isArray(value) ? `${here} is a list where an object belongs` : null;
  if (WRAPPER_SCHEMA_TYPES.has(schema.type)) {
    const wrapped = childSchema(schema, 'wrapped');
    return wrapped ? listWhereObjectBelongs(wrapped, value, path, depth + 1) : null;
  }
  if (schema.type === 'array' && Array.isArray(value)) {
    const item = childSchema(schema, 'item');
    if (!item) return null;
    for (const [index, element] of value.entries()) {
      const issue = listWhereObjectBelongs(item, element, `${path}[${index}]`, depth + 1);
      if (issue) return issue;
    }
    return null;
  }
  if (schema.type === 'union' || schema.type === 'variant') {
    // Malformed only when every option finds a list where its object belongs.
    const options = childSchemas(schema, 'options');
    if (!Array.isArray(options) || options.length === 0) return null;
    let first: string | null = null;
    for (const option of options) {
      if (!isRecord(option) || typeof option.type !== 'string') return null;
      const issue = listWhereObjectBelongs(option as unknown as GenericSchema, value, path, depth + 1);
      if (issue === null) return null;
      first ??= issue;
    }
    return first;
  }
  return null;
}
