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

/** Query strings can carry flow state: log addresses without them. */
function withoutQuery(value: string | number | undefined): string | undefined {
  return value === undefined ? undefined : String(value).split(/[?#]/, 1)[0];
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
      for (const violation of violations) request.log.warn({ cspViolation: violation }, 'csp violation');
      return reply.code(204).send();
    });
  });
}
