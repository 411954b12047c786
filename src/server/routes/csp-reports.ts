import type { AppContext } from '../context';
import type { App } from '../http/app-types';

export const CSP_REPORT_PATH = '/api/csp-reports';
const REPORT_MEDIA_TYPES = ['application/csp-report', 'application/reports+json'];
const KEPT_FOR_TESTS = 100;

export interface CspViolation {
  page: string;
  directive: string;
  blocked: string;
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null;

/** The violations in either report format (report-uri's {"csp-report": …} or the Reporting API's array). */
function violationsIn(body: unknown): CspViolation[] {
  const entries: unknown[] = Array.isArray(body)
    ? body.map((report: unknown) => (isObject(report) ? report.body : undefined))
    : [isObject(body) ? body['csp-report'] : undefined];
  return entries.filter(isObject).map((entry) => ({
    page: String(entry['document-uri'] ?? entry.documentURL ?? '').slice(0, 300),
    directive: String(entry['violated-directive'] ?? entry.effectiveDirective ?? '').slice(0, 100),
    blocked: String(entry['blocked-uri'] ?? entry.blockedURL ?? '').slice(0, 300),
  }));
}

/**
 * Browsers report what the Content-Security-Policy blocked; operators see it in the log, and the end-to-end tests
 * read it back (NODE_ENV=test) to prove that no page of the app trips its own policy.
 */
export function registerCspReportRoutes(app: App, context: AppContext): void {
  const kept: CspViolation[] = [];
  app.addContentTypeParser(
    REPORT_MEDIA_TYPES,
    { parseAs: 'string', bodyLimit: 64 * 1024 },
    (_request, text, done) => {
      try {
        done(null, JSON.parse(text as string));
      } catch {
        done(null, null);
      }
    },
  );
  app.post(CSP_REPORT_PATH, { bodyLimit: 64 * 1024 }, async (request, reply) => {
    for (const violation of violationsIn(request.body)) {
      request.log.warn({ violation }, 'Content-Security-Policy blocked something on a page');
      if (context.config.environment !== 'test') continue;
      kept.push(violation);
      if (kept.length > KEPT_FOR_TESTS) kept.shift();
    }
    return reply.code(204).send();
  });
  if (context.config.environment === 'test') app.get('/api/test/csp-reports', async () => kept);
}
