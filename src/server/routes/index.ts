import type { AppContext } from '../context';
import type { App } from '../http/app-types';
import { registerAccountRoutes } from './account';
import { registerApiReferenceRoutes } from './api-reference';
import { registerAuthRoutes } from './auth';
import { registerConversationRoutes } from './conversations';
import { registerCspReportRoutes } from './csp-reports';
import { registerDiscoverRoutes } from './discover';
import { registerEmbedRoutes } from './embed';
import { registerEventRoutes } from './events';
import { registerHealthRoutes } from './health';
import { registerLinkPreviewRoutes } from './link-previews';
import { registerMediaRoutes } from './media';
import { registerModerationRoutes } from './moderation';
import { registerPostRoutes } from './posts';
import { registerProfileRoutes } from './profile';
import { registerSafetyRoutes } from './safety';
import { registerSearchRoutes } from './search';
import { registerShareTargetRoutes } from './share-target';
import { registerSocialRoutes } from './social';
import { registerTestHelperRoutes } from './test-helpers';
import { registerUserRoutes } from './users';
import { registerVoiceBioRoutes } from './voice-bio';

/** `clientDir`: the built client (dist/client), whose embed script the embeddable player's page loads. */
export function registerRoutes(app: App, context: AppContext, clientDir?: string): void {
  registerHealthRoutes(app, context);
  registerCspReportRoutes(app, context);
  registerAuthRoutes(app, context);
  registerUserRoutes(app, context);
  registerProfileRoutes(app, context);
  registerVoiceBioRoutes(app, context);
  registerAccountRoutes(app, context);
  registerPostRoutes(app, context);
  registerSocialRoutes(app, context);
  registerSafetyRoutes(app, context);
  registerConversationRoutes(app, context);
  registerModerationRoutes(app, context);
  registerSearchRoutes(app, context);
  registerDiscoverRoutes(app, context);
  registerEmbedRoutes(app, context, clientDir);
  registerEventRoutes(app, context);
  registerShareTargetRoutes(app, context);
  registerMediaRoutes(app, context);
  registerLinkPreviewRoutes(app, context);
  registerApiReferenceRoutes(app, context);
  if (context.config.environment === 'test') registerTestHelperRoutes(app, context);
}
