import type { AppContext } from '../context';
import type { App } from '../http/app-types';
import { registerAuthRoutes } from './auth';
import { registerCspReportRoutes } from './csp-reports';
import { registerHealthRoutes } from './health';
import { registerMediaRoutes } from './media';
import { registerPostRoutes } from './posts';
import { registerSocialRoutes } from './social';
import { registerTestHelperRoutes } from './test-helpers';
import { registerUserRoutes } from './users';

export function registerRoutes(app: App, context: AppContext): void {
  registerHealthRoutes(app, context);
  registerCspReportRoutes(app, context);
  registerAuthRoutes(app, context);
  registerUserRoutes(app, context);
  registerPostRoutes(app, context);
  registerSocialRoutes(app, context);
  registerMediaRoutes(app, context);
  if (context.config.environment === 'test') registerTestHelperRoutes(app, context);
}
