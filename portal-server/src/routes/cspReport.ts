import type { FastifyInstance } from 'fastify';
import * as v from 'valibot';
import { parseBody } from '../http/validateBody.js';
import { type RateLimitRule, rateLimitHook } from '../rateLimit/rateLimit.js';
import type { RateLimitStore } from '../rateLimit/rateLimitStore.js';
import { CSP_REPORT_PATH } from '../security/securityHeaders.js';

const text = v.optional(v.union([v.string(), v.number()]));

/** report-uri format (application/csp-report). */
const LegacyReportSchema = v.object({
  'csp-report': v.looseObject({
    'document-uri': text,
    'violated-directive': text,
    'effective-directive': text,
    'blocked-uri': text,
    'source-file': text,
    'line-number': text,
  }),
});

/** Reporting API format (application/reports+json). */
const ReportingApiSchema = v.array(
  v.looseObject({
    type: v.string(),
    url: v.optional(v.string()),
    body: v.optional(
      v.looseObject({
        documentURL: text,
        effectiveDirective: text,
        blockedURL: text,
        sourceFile: text,
        lineNumber: text,
      }),
    ),
  }),
);

interface Violation {
  documentUri: string | undefined;
  directive: string | undefined;
  blockedUri: string | undefined;
  sourceFile: string | undefined;
  line: string | undefined;
}

/** Longest value logged per field; a longer one is cut and ends with '…'. */
export const MAX_CSP_FIELD_CHARS = 256;
/** Most violations logged per report; the rest are counted in one line ('csp violations dropped'). */
export const MAX_CSP_VIOLATIONS_PER_REPORT = 10;

/** Query strings can carry flow state: log addresses without them, and no more than a field's share. */
function withoutQuery(value: string | number | undefined): string | undefined {
  if (value === undefined) return undefined;
  const text = String(value).split(/[?#]/, 1)[0] ?? '';
  return text.length > MAX_CSP_FIELD_CHARS ? `${text.slice(0, MAX_CSP_FIELD_CHARS)}…` : text;
}

const MAX_REPORT_BYTES = 64 * 1024;

/** POST /csp-report: browsers report CSP violations here (report-uri and report-to); we log them. */
export async function registerCspReportRoute(
  app: FastifyInstance,
  rateLimit: { store: RateLimitStore; rule: RateLimitRule },
): Promise<void> {
  await app.register(async (scope) => {
    // Anyone can post reports: a limit per client address keeps a flood out of the logs.
    scope.addHook('onRequest', rateLimitHook(rateLimit.store, rateLimit.rule));
    const parseJson = (
      _request: unknown,
      body: string,
      done: (err: Error | null, value?: unknown) => void,
    ) => {
      try {
        done(null, JSON.parse(body));
      } catch (error) {
        done(error instanceof Error ? Object.assign(error, { statusCode: 400 }) : new Error('bad JSON'));
      }
    };
    for (const type of ['application/csp-report', 'application/reports+json']) {
      scope.addContentTypeParser(type, { parseAs: 'string', bodyLimit: MAX_REPORT_BYTES }, parseJson);
    }

    scope.post(CSP_REPORT_PATH, { bodyLimit: MAX_REPORT_BYTES }, (request, reply) => {
      const isReportingApi = (request.headers['content-type'] ?? '').startsWith('application/reports+json');
      let violations: Violation[];
      if (isReportingApi) {
        const reports = parseBody(ReportingApiSchema, request.body, reply);
        if (!reports) return reply;
        violations = reports.map(({ url, body }) => ({
          documentUri: withoutQuery(body?.documentURL ?? url),
          directive: withoutQuery(body?.effectiveDirective),
          blockedUri: withoutQuery(body?.blockedURL),
          sourceFile: withoutQuery(body?.sourceFile),
          line: withoutQuery(body?.lineNumber),
        }));
      } else {
        const report = parseBody(LegacyReportSchema, request.body, reply);
        if (!report) return reply;
        const r = report['csp-report'];
        violations = [
          {
            documentUri: withoutQuery(r['document-uri']),
            directive: withoutQuery(r['effective-directive'] ?? r['violated-directive']),
            blockedUri: withoutQuery(r['blocked-uri']),
            sourceFile: withoutQuery(r['source-file']),
            line: withoutQuery(r['line-number']),
          },
        ];
      }
      // A 64 KB report must not become hundreds of log lines: the first few, and a count of the rest.
      for (const violation of violations.slice(0, MAX_CSP_VIOLATIONS_PER_REPORT)) {
        request.log.warn({ cspViolation: violation }, 'csp violation');
      }
      const dropped = violations.length - MAX_CSP_VIOLATIONS_PER_REPORT;
      if (dropped > 0) request.log.warn({ dropped }, 'csp violations dropped');
      return reply.code(204).send();
    });
  });
}
