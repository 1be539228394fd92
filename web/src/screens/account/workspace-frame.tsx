import type { ComponentChildren } from 'preact';
import { call } from '../../api/call';
import { ApiError } from '../../api/client';
import { Loaded } from '../../components/status';
import { useLoad } from '../../components/use-load';
import { workspacePath } from '../../navigation';
import { currentUrl, Link } from '../../router';
import type { WorkspaceItem } from './account-api';

interface WorkspaceTab {
  /** Path under `/w/:workspaceId`; empty for the projects. */
  segment: string;
  label: string;
  ownerOnly: boolean;
}

// Tokens, credentials and invitations are the owner's (part 2 "Authentication"; DECISIONS.md section 2).
const tabs: readonly WorkspaceTab[] = [
  { segment: '', label: 'Projects', ownerOnly: false },
  { segment: 'members', label: 'Members', ownerOnly: false },
  { segment: 'tokens', label: 'Agent tokens', ownerOnly: true },
  { segment: 'prices', label: 'Prices', ownerOnly: false },
  // Call records, spend and the webhook delivery log are the owner's (docs/ai.md, docs/webhooks.md).
  { segment: 'ai-usage', label: 'AI usage', ownerOnly: true },
  { segment: 'webhooks', label: 'Webhooks', ownerOnly: true },
  { segment: 'settings', label: 'Settings', ownerOnly: false },
  { segment: 'secrets', label: 'Credentials', ownerOnly: true },
];

/** The caller's workspace with their role, from `GET /api/workspaces`; 404 when they are not a member. */
export function useWorkspace(workspaceId: string) {
  return useLoad(async (signal) => {
    const { items } = await call('GET /api/workspaces', {}, { signal });
    const workspace = items.find((w) => w.id === workspaceId);
    if (!workspace) throw new ApiError({ type: 'not_found', title: 'Workspace not found', detail: 'You are not a member of this workspace, or it does not exist.', status: 404, errors: [] });
    return workspace;
  }, [workspaceId]);
}

/** A workspace screen: its name, the workspace's tabs, and the screen drawn with the caller's role. */
export function WorkspaceFrame({ workspaceId, title, children }: { workspaceId: string; title: string; children: (workspace: WorkspaceItem) => ComponentChildren }) {
  const workspace = useWorkspace(workspaceId);
  const path = currentUrl.value.pathname;
  return (
    <Loaded state={workspace} label="Loading the workspace…">
      {(w) => (
        <>
          <p class="breadcrumbs">
            <Link href="/">Workspaces</Link> / <span>{w.name}</span> <span class="badge">{w.role}</span>
          </p>
          <nav class="tabs" aria-label="Workspace">
            <ul>
              {tabs
                .filter((tab) => !tab.ownerOnly || w.role === 'owner')
                .map((tab) => {
                  const href = tab.segment ? workspacePath(w.id, tab.segment) : workspacePath(w.id);
                  return (
                    <li key={tab.segment}>
                      <Link href={href} aria-current={path === href ? 'page' : undefined}>
                        {tab.label}
                      </Link>
                    </li>
                  );
                })}
            </ul>
          </nav>
          <h1>{title}</h1>
          {children(w)}
        </>
      )}
    </Loaded>
  );
}
