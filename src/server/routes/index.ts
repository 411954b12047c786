import type { AppContext } from '../context';
import type { App } from '../http/app-types';
import { registerApiReferenceRoutes } from './api-reference';
import { registerAuthRoutes } from './auth';
import { registerConversationRoutes } from './conversations';
import { registerCspReportRoutes } from './csp-reports';
import { registerDiscoverRoutes } from './discover';
import { registerEventRoutes } from './events';
import { registerHealthRoutes } from './health';
import { registerMediaRoutes } from './media';
import { registerModerationRoutes } from './moderation';
import { registerPostRoutes } from './posts';
import { registerProfileRoutes } from './profile';
import { registerSearchRoutes } from './search';
import { registerSocialRoutes } from './social';
import { registerTestHelperRoutes } from './test-helpers';
import { registerUserRoutes } from './users';
import { registerVoiceBioRoutes } from './voice-bio';

export function registerRoutes(app: App, context: AppContext): void {
  registerHealthRoutes(app, context);
  registerCspReportRoutes(app, context);
  registerAuthRoutes(app, context);
  registerUserRoutes(app, context);
  registerProfileRoutes(app, context);
  registerVoiceBioRoutes(app, context);
  registerPostRoutes(app, context);
  registerSocialRoutes(app, context);
  registerConversationRoutes(app, context);
  registerModerationRoutes(app, context);
  registerSearchRoutes(app, context);
  registerDiscoverRoutes(app, context);
  registerEventRoutes(app, context);
  registerMediaRoutes(app, context);
  registerApiReferenceRoutes(app, context);
  if (context.config.environment === 'test') registerTestHelperRoutes(app, context);
}
