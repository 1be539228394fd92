import { useEffect } from 'preact/hooks';
import { call } from './api/call';
import { Loading } from './components/status';
import { projectAreas, projectPath } from './navigation';
import { currentUrl, findScreen, Link, matchPath, navigate, type ScreenRoute } from './router';
import { accountRoutes } from './screens/account/routes';
import { commentsRoutes } from './screens/comments/routes';
import { aiRoutes } from './screens/ai/routes';
import { aiUsageRoutes } from './screens/ai-usage/routes';
import { costsRoutes } from './screens/costs/routes';
import { loadTestsRoutes } from './screens/load-tests/routes';
import { modelRoutes } from './screens/model/routes';
import { pricesRoutes } from './screens/prices/routes';
import { scenariosRoutes } from './screens/scenarios/routes';
import { sourcesRoutes } from './screens/sources/routes';
import { viewsRoutes } from './screens/views/routes';
import { webhooksRoutes } from './screens/webhooks/routes';
import { me, refreshMe } from './session';

const screens: readonly ScreenRoute[] = [...accountRoutes, ...pricesRoutes, ...aiUsageRoutes, ...webhooksRoutes, ...modelRoutes, ...viewsRoutes, ...scenariosRoutes, ...costsRoutes, ...loadTestsRoutes, ...commentsRoutes, ...aiRoutes, ...sourcesRoutes];

/** The project menu, shown on every screen under `/w/:workspaceId/p/:projectId/…`. */
function ProjectNavigation({ workspaceId, projectId, path }: { workspaceId: string; projectId: string; path: string }) {
  return (
    <nav class="project-nav" aria-label="Project">
      <ul>
        {projectAreas
          .filter((area) => area.ready)
          .map((area) => {
            const href = projectPath(workspaceId, projectId, area.segment);
            const current = path === href || path.startsWith(`${href}/`);
            return (
              <li key={area.segment}>
                <Link href={href} aria-current={current ? 'page' : undefined}>
                  {area.label}
                </Link>
              </li>
            );
          })}
      </ul>
    </nav>
  );
}

function Header() {
  const person = me.value;
  const signOut = async () => {
    try {
      await call('POST /api/auth/logout', {}, { body: {} });
    } finally {
      me.value = null;
      navigate('/sign-in');
    }
  };
  return (
    <header class="top-bar">
      <a class="skip-link" href="#main">
        Skip to content
      </a>
      <Link href="/" class="brand">
        svc
      </Link>
      {person ? (
        <div class="who">
          <Link href="/account">{person.user.name || person.user.email}</Link>
          <button type="button" class="secondary" onClick={signOut}>
            Sign out
          </button>
        </div>
      ) : null}
    </header>
  );
}

function NotFound() {
  return (
    <section>
      <h1>Nothing here</h1>
      <p>
        This address names no screen of the client. <Link href="/">Go to your workspaces</Link>.
      </p>
    </section>
  );
}

export function App() {
  const url = currentUrl.value;
  const path = url.pathname;
  const found = findScreen(screens, path);
  const person = me.value;

  useEffect(() => {
    refreshMe().catch(() => {
      me.value = null;
    });
  }, []);

  const title = found ? (typeof found.route.title === 'function' ? found.route.title(found.params) : found.route.title) : 'Not found';
  useEffect(() => {
    document.title = `${title} · svc`;
  }, [title]);

  const needsSignIn = found && !found.route.public && person === null;
  useEffect(() => {
    if (needsSignIn) navigate(`/sign-in?next=${encodeURIComponent(path + url.search)}`, { replace: true });
  }, [needsSignIn, path, url.search]);

  const project = matchPath('/w/:workspaceId/p/:projectId', path.split('/').slice(0, 5).join('/'));

  let body = <NotFound />;
  if (found) {
    if (!found.route.public && person === undefined) body = <Loading label="Checking your session…" />;
    else if (needsSignIn) body = <Loading label="Going to sign-in…" />;
    else body = <found.route.component params={found.params} />;
  }

  return (
    <div class="shell">
      <Header />
      <div class={project ? 'layout with-nav' : 'layout'}>
        {project && person ? <ProjectNavigation workspaceId={project.workspaceId!} projectId={project.projectId!} path={path} /> : null}
        <main id="main" tabIndex={-1}>
          {body}
        </main>
      </div>
    </div>
  );
}
