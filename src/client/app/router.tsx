import { Suspense, type ReactNode } from 'react';
import { Route, Switch, useLocation } from 'wouter';
import { MAIN_CONTENT_ID, SkipLink } from '@client/components/skip-link';
import { LandingHeader } from '@client/features/landing/components/landing-header';
import { useAuth } from '@client/lib/use-auth';
import { retryingLazy } from '@client/lib/retrying-lazy';
import { useNotificationClicks } from '@client/lib/service-worker';
import { useOnline } from '@client/lib/use-online';
import { AppShell } from './layout/app-shell';
import { HomePage } from './routes/home';
import { LandingPage } from './routes/landing';
import { OfflinePage } from './offline-page';
import { ScreenLoadBoundary } from './screen-load-boundary';
import { NotFoundPage } from './routes/not-found';

// Home and the landing page are the first screens people see; every other screen loads when opened.
const ConversationsPage = retryingLazy(() =>
  import('./routes/conversations').then((module) => module.ConversationsPage),
);
const ConversationPage = retryingLazy(() =>
  import('./routes/conversation').then((module) => module.ConversationPage),
);
const DiscoverPage = retryingLazy(() => import('./routes/discover').then((module) => module.DiscoverPage));
const DraftsPage = retryingLazy(() => import('./routes/drafts').then((module) => module.DraftsPage));
const ModerationPage = retryingLazy(() =>
  import('./routes/moderation').then((module) => module.ModerationPage),
);
const NotificationsPage = retryingLazy(() =>
  import('./routes/notifications').then((module) => module.NotificationsPage),
);
const PostPage = retryingLazy(() => import('./routes/post').then((module) => module.PostPage));
const ProfilePage = retryingLazy(() => import('./routes/profile').then((module) => module.ProfilePage));
const SettingsPage = retryingLazy(() => import('./routes/settings').then((module) => module.SettingsPage));
const StatsPage = retryingLazy(() => import('./routes/stats').then((module) => module.StatsPage));

/** Spec §2: share links use `/posts/{id}`, notifications `/post/{id}`; both show the post. */
const POST_PATHS = ['/posts/:id', '/post/:id'] as const;

/** Shown while a screen's code loads. */
function RouteFallback() {
  return (
    <div role="status" aria-label="Loading" className="flex min-h-[40dvh] items-center justify-center">
      <span className="size-8 animate-spin rounded-full border-[3px] border-secondary border-t-primary" />
    </div>
  );
}

function Lazy({ children }: { children: ReactNode }) {
  return (
    <ScreenLoadBoundary>
      <Suspense fallback={<RouteFallback />}>{children}</Suspense>
    </ScreenLoadBoundary>
  );
}

/** A page for signed-out visitors outside the landing page: the landing header over the content. */
function PublicFrame({ children }: { children: ReactNode }) {
  return (
    <div className="flex min-h-dvh flex-col">
      <SkipLink />
      <LandingHeader />
      <main id={MAIN_CONTENT_ID} tabIndex={-1} className="flex-1 px-4 py-8 outline-none sm:px-6 sm:py-12">
        {children}
      </main>
    </div>
  );
}

/**
 * Spec §2: signed out (or while the session loads) only `/` exists, plus the pages of public posts, which share
 * links lead to (the server serves a public post to anyone). Signed in, the app's screens do.
 */
export function AppRouter() {
  const { user, isLoading, isKnown } = useAuth();
  const [location] = useLocation();
  const online = useOnline();
  useNotificationClicks();

  if (!user && !isKnown && !online) return <OfflinePage />;
  if (!user) {
    // A deep link would flash the 404 page while the session loads; show nothing until it is known.
    if (isLoading && location !== '/') return null;
    return (
      <Switch>
        <Route path="/" component={LandingPage} />
        {POST_PATHS.map((path) => (
          <Route key={path} path={path}>
            {(params) => (
              <PublicFrame>
                <Lazy>
                  <PostPage params={params} />
                </Lazy>
              </PublicFrame>
            )}
          </Route>
        ))}
        <Route>
          <LandingHeader />
          <main className="px-4">
            <NotFoundPage />
          </main>
        </Route>
      </Switch>
    );
  }

  return (
    <AppShell user={user}>
      <Lazy>
        <Switch>
          <Route path="/" component={HomePage} />
          <Route path="/profile">
            <ProfilePage />
          </Route>
          <Route path="/profile/:userId">{({ userId }) => <ProfilePage userId={userId} />}</Route>
          <Route path="/stats/:userId" component={StatsPage} />
          <Route path="/discover" component={DiscoverPage} />
          <Route path="/conversations" component={ConversationsPage} />
          <Route path="/conversations/:id">{({ id }) => <ConversationPage key={id} id={id} />}</Route>
          <Route path="/drafts" component={DraftsPage} />
          <Route path="/notifications" component={NotificationsPage} />
          <Route path="/settings" component={SettingsPage} />
          <Route path="/moderation" component={ModerationPage} />
          {POST_PATHS.map((path) => (
            <Route key={path} path={path}>
              {(params) => <PostPage key={params.id} params={params} />}
            </Route>
          ))}
          <Route component={NotFoundPage} />
        </Switch>
      </Lazy>
    </AppShell>
  );
}
