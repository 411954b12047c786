import { Route, Switch, useLocation } from 'wouter';
import { LandingHeader } from '@client/features/landing/components/landing-header';
import { useAuth } from '@client/lib/use-auth';
import { AppShell } from './layout/app-shell';
import { ConversationsPage } from './routes/conversations';
import { DiscoverPage } from './routes/discover';
import { DraftsPage } from './routes/drafts';
import { HomePage } from './routes/home';
import { LandingPage } from './routes/landing';
import { NotFoundPage } from './routes/not-found';
import { NotificationsPage } from './routes/notifications';
import { PostPage } from './routes/post';
import { ProfilePage } from './routes/profile';
import { StatsPage } from './routes/stats';

/** Spec §2: signed out (or while the session loads) only `/` exists; signed in, the app's screens do. */
export function AppRouter() {
  const { user, isLoading } = useAuth();
  const [location] = useLocation();

  if (!user) {
    // A deep link would flash the 404 page while the session loads; show nothing until it is known.
    if (isLoading && location !== '/') return null;
    return (
      <Switch>
        <Route path="/" component={LandingPage} />
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
      <Switch>
        <Route path="/" component={HomePage} />
        <Route path="/profile">
          <ProfilePage />
        </Route>
        <Route path="/profile/:userId">{({ userId }) => <ProfilePage userId={userId} />}</Route>
        <Route path="/stats/:userId" component={StatsPage} />
        <Route path="/discover" component={DiscoverPage} />
        <Route path="/conversations" component={ConversationsPage} />
        <Route path="/drafts" component={DraftsPage} />
        <Route path="/notifications" component={NotificationsPage} />
        <Route path="/posts/:id" component={PostPage} />
        <Route path="/post/:id" component={PostPage} />
        <Route component={NotFoundPage} />
      </Switch>
    </AppShell>
  );
}
