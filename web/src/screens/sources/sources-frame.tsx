import type { ComponentChildren } from 'preact';
import { projectPath } from '../../navigation';
import { Link } from '../../router';
import type { ScanState } from './sources-api';

export const sourcesPath = (workspaceId: string, projectId: string, ...rest: string[]) => projectPath(workspaceId, projectId, 'sources', ...rest);
/** Scans and their proposals live in the `proposals` area: `…/proposals` lists scans, `…/proposals/:importId` is one scan. */
export const scansPath = (workspaceId: string, projectId: string, ...rest: string[]) => projectPath(workspaceId, projectId, 'proposals', ...rest);

export const activeStates: readonly ScanState[] = ['queued', 'running'];

export function ScanStateBadge({ state }: { state: string }) {
  return <span class={`badge sources-state sources-state-${state}`}>{state}</span>;
}

/** The area's heading and its two tabs (Sources, Scans and proposals) around one of its screens. */
export function SourcesFrame({ workspaceId, projectId, tab, children }: { workspaceId: string; projectId: string; tab: 'sources' | 'scans' | 'drift'; children: ComponentChildren }) {
  return (
    <section class="sources-area">
      <h1>{tab === 'sources' ? 'Sources' : tab === 'scans' ? 'Scans and proposals' : 'Drift'}</h1>
      <p class="lead">
        A scan reads a Source and proposes additions, changes and removals of model records, each with the file lines that state it. Nothing reaches the model until a person accepts it.
      </p>
      <nav class="tabs" aria-label="Sources and scans">
        <ul>
          <li>
            <Link href={sourcesPath(workspaceId, projectId)} aria-current={tab === 'sources' ? 'page' : undefined}>
              Sources
            </Link>
          </li>
          <li>
            <Link href={scansPath(workspaceId, projectId)} aria-current={tab === 'scans' ? 'page' : undefined}>
              Scans and proposals
            </Link>
          </li>
          <li>
            <Link href={projectPath(workspaceId, projectId, 'drift')} aria-current={tab === 'drift' ? 'page' : undefined}>
              Drift
            </Link>
          </li>
        </ul>
      </nav>
      {children}
    </section>
  );
}
