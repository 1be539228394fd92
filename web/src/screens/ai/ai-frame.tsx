import type { ComponentChildren } from 'preact';
import { projectPath } from '../../navigation';
import { Link } from '../../router';
import type { ProposalKind } from './ai-api';

export function aiPath(workspaceId: string, projectId: string, ...rest: string[]): string {
  return projectPath(workspaceId, projectId, 'ai', ...rest);
}

/** The list of a kind: flow proposals at `…/ai`, architecture proposals at `…/ai/architecture`. */
export function listPath(workspaceId: string, projectId: string, kind: ProposalKind): string {
  return kind === 'flow' ? aiPath(workspaceId, projectId) : aiPath(workspaceId, projectId, 'architecture');
}

/** The area's heading and its two tabs around one of its screens. */
export function AiFrame({ workspaceId, projectId, kind, children }: { workspaceId: string; projectId: string; kind: ProposalKind; children: ComponentChildren }) {
  return (
    <section class="ai-area">
      <h1>AI proposals</h1>
      <p class="lead">
        Proposals are suggestions, not part of the model: a flow proposal becomes a scenario and an architecture proposal becomes model changes only when a person accepts them. Text written by
        an AI is shown as data.
      </p>
      <nav class="tabs" aria-label="AI proposals">
        <ul>
          {(['flow', 'architecture'] as const).map((k) => (
            <li key={k}>
              <Link href={listPath(workspaceId, projectId, k)} aria-current={k === kind ? 'page' : undefined}>
                {k === 'flow' ? 'Flow proposals' : 'Architecture proposals'}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      {children}
    </section>
  );
}
