import type { FastifyReply } from 'fastify';
import * as v from 'valibot';
import { describeIssues } from '../describeIssues.js';
import { sendError } from './errorReply.js';

/**
 * Parses a request body with a valibot schema. On failure it replies 400 itself and returns
 * undefined, so a handler reads `const body = parseBody(...); if (!body) return reply;`.
 */
export function parseBody<TSchema extends v.GenericSchema>(
  schema: TSchema,
  body: unknown,
  reply: FastifyReply,
): v.InferOutput<TSchema> | undefined {
  const parsed = v.safeParse(schema, body);
  if (parsed.success) return parsed.output;
  sendError(reply, 400, 'PORTAL_INVALID_REQUEST', describeIssues(parsed.issues));
  return undefined;
}
