import { signal } from '@preact/signals';
import type { ComponentChildren, JSX } from 'preact';

/**
 * History-based routing: the address bar is the state, so every screen has a
 * deep link (the service answers index.html for any non-API path).
 */
export const currentUrl = signal(new URL(window.location.href));

window.addEventListener('popstate', () => {
  currentUrl.value = new URL(window.location.href);
});

export function navigate(to: string, options: { replace?: boolean; keepScroll?: boolean } = {}): void {
  const url = new URL(to, window.location.origin);
  if (options.replace) window.history.replaceState(null, '', url);
  else window.history.pushState(null, '', url);
  currentUrl.value = url;
  if (!options.keepScroll) window.scrollTo(0, 0);
}

/**
 * Replaces query parameters of the current address without a new history
 * entry (filters, tabs). The page stays where it is scrolled: the control
 * that changed them is in view.
 */
export function setQueryParameters(values: Record<string, string | null>): void {
  const url = new URL(currentUrl.value.href);
  for (const [key, value] of Object.entries(values)) {
    if (value === null || value === '') url.searchParams.delete(key);
    else url.searchParams.set(key, value);
  }
  navigate(url.pathname + url.search, { replace: true, keepScroll: true });
}

export type RouteParams = Record<string, string>;

/** A screen of the client: a path pattern with `:name` segments and the component drawing it. */
export interface ScreenRoute {
  path: string;
  /** Page title (also the `<title>`): a string or made from the parameters. */
  title: string | ((params: RouteParams) => string);
  component: (props: { params: RouteParams }) => JSX.Element | null;
  /** Screens that work without a session (setup, sign-in, registration). */
  public?: true;
}

export function matchPath(pattern: string, path: string): RouteParams | null {
  const want = pattern.split('/').filter(Boolean);
  const have = path.split('/').filter(Boolean);
  if (want.length !== have.length) return null;
  const params: RouteParams = {};
  for (let i = 0; i < want.length; i++) {
    const w = want[i]!;
    const h = have[i]!;
    if (w.startsWith(':')) {
      try {
        params[w.slice(1)] = decodeURIComponent(h);
      } catch {
        return null;
      }
    } else if (w !== h) return null;
  }
  return params;
}

export function findScreen(routes: readonly ScreenRoute[], path: string): { route: ScreenRoute; params: RouteParams } | null {
  for (const route of routes) {
    const params = matchPath(route.path, path);
    if (params) return { route, params };
  }
  return null;
}

interface LinkProps {
  href: string;
  children?: ComponentChildren;
  class?: string;
  title?: string;
  id?: string;
  'aria-current'?: 'page' | 'step' | 'location' | 'true' | undefined;
  'aria-label'?: string;
}

/** An anchor that navigates inside the client (a modified click still opens a new tab). */
export function Link({ href, children, ...rest }: LinkProps) {
  const onClick = (event: MouseEvent) => {
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    navigate(href);
  };
  return (
    <a href={href} onClick={onClick} {...rest}>
      {children}
    </a>
  );
}
