import * as v from 'valibot';
import { errors } from './apiError.js';

/** Validates a request body (or any input) against a valibot schema, replying 400 on failure. */
export function parseInput<S extends v.GenericSchema>(schema: S, input: unknown): v.InferOutput<S> {
  const result = v.safeParse(schema, input);
  if (result.success) return result.output;
  const issue = result.issues[0];
  const path = issue ? v.getDotPath(issue) : null;
  throw errors.badRequest(`Invalid request${path ? ` field ${path}` : ''}: ${issue?.message ?? 'invalid'}`);
}
