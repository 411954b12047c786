import { endpoints } from '@shared/contract/endpoints';
import type { AppContext } from '../context';
import type { App } from '../http/app-types';

export const CSP_REPORT_PATH = endpoints.cspReport.path;
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

/** One report may carry thousands of violations; the log gets this many of them, and a count of the rest. */
export const VIOLATIONS_LOGGED_PER_REPORT = 5;

/**
 * Browsers report what the Content-Security-Policy blocked; operators see it in the log, and the end-to-end tests
 * read it back (NODE_ENV=test) to prove that no page of the app trips its own policy. The report media types are
 * parsed inside a plugin of their own, so no other route accepts them.
 */
export function registerCspReportRoutes(app: App, context: AppContext): void {
  const kept: CspViolation[] = [];
  void app.register(async (reports) => {
    reports.addContentTypeParser(
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
    reports.post(CSP_REPORT_PATH, { bodyLimit: 64 * 1024 }, async (request, reply) => {
      const violations = violationsIn(request.body);
      for (const violation of violations.slice(0, VIOLATIONS_LOGGED_PER_REPORT)) {
        request.log.warn({ violation }, 'Content-Security-Policy blocked something on a page');
      }
      const notLogged = violations.length - VIOLATIONS_LOGGED_PER_REPORT;
      if (notLogged > 0) {
        request.log.warn({ notLogged }, 'The same report named more violations, not logged one by one');
      }
      if (context.config.environment === 'test') {
        kept.push(...violations);
        kept.splice(0, kept.length - KEPT_FOR_TESTS);
      }
      return reply.code(204).send();
    });
  });
  if (context.config.environment === 'test') app.get(endpoints.testCspReports.path, async () => kept);
}
