import type { ComponentChildren } from 'preact';
import { projectPath } from '../../navigation';
import { Link } from '../../router';

/** The parts of the area, each a screen of its own under `…/load-tests`. */
export const loadTestTabs = [
  { segment: '', label: 'Targets' },
  { segment: 'profiles', label: 'Stress profiles' },
  { segment: 'scripts', label: 'Scripts' },
  { segment: 'results', label: 'Runs and results' },
  { segment: 'compare', label: 'Compare' },
] as const;

export type LoadTestTab = (typeof loadTestTabs)[number]['segment'];

export function loadTestsPath(workspaceId: string, projectId: string, ...rest: string[]): string {
  return projectPath(workspaceId, projectId, 'load-tests', ...rest);
}

/** The area's heading and tabs around one of its screens. */
export function LoadTestsFrame({ workspaceId, projectId, tab, children }: { workspaceId: string; projectId: string; tab: LoadTestTab; children: ComponentChildren }) {
  return (
    <section class="load-tests">
      <h1>Load tests</h1>
      <p class="lead">
        The service never sends load itself: it writes k6 scripts for targets an owner authorised, keeps what k6 measured (truth label <em>measured</em>), and compares it with the model and with
        earlier results.
      </p>
      <nav class="tabs" aria-label="Load tests">
        <ul>
          {loadTestTabs.map((t) => {
            const href = t.segment ? loadTestsPath(workspaceId, projectId, t.segment) : loadTestsPath(workspaceId, projectId);
            return (
              <li key={t.segment}>
                <Link href={href} aria-current={t.segment === tab ? 'page' : undefined}>
                  {t.label}
                </Link>
              </li>
            );
          })}
        </ul>
      </nav>
      {children}
    </section>
  );
}
