import { PagedList, usePagedList } from '../../components/pager';
import { Loaded } from '../../components/status';
import { useLoad } from '../../components/use-load';
import type { RouteParams } from '../../router';
import type { WorkspaceItem } from '../account/account-api';
import { WorkspaceFrame } from '../account/workspace-frame';
import { AiCallTable } from './ai-call-table';
import { aiUsageApi } from './ai-usage-api';
import { ProviderSpend } from './provider-spend';
import { useWorkspaceNames } from './workspace-names';

const callsPerPage = 50;

function AiUsage({ workspace }: { workspace: WorkspaceItem }) {
  const usage = useLoad((signal) => aiUsageApi.usage(workspace.id, signal), [workspace.id]);
  const calls = usePagedList((cursor, signal) => aiUsageApi.calls(workspace.id, cursor, callsPerPage, signal), [workspace.id]);
  const names = useWorkspaceNames(workspace.id);
  const refresh = () => {
    usage.reload();
    calls.restart();
    calls.state.reload();
  };
  return (
    <>
      <p class="lead">
        What the workspace’s AI providers were asked and what it cost, from the call records. Amounts are exact USD decimals as the service counts them against the budgets. No prompt or answer text is kept.
      </p>
      <p>
        <button type="button" class="secondary" onClick={refresh} disabled={usage.loading || calls.state.loading}>
          Refresh
        </button>
      </p>
      <Loaded state={usage} label="Loading this month’s spend…">
        {(u) => <ProviderSpend workspaceId={workspace.id} usage={u} />}
      </Loaded>
      <section class="ai-usage-call-list" aria-labelledby="ai-usage-calls-heading">
        <h2 id="ai-usage-calls-heading">Calls, newest first</h2>
        <PagedList list={calls} label="Calls">
          {(items) => <AiCallTable workspaceId={workspace.id} calls={items} providers={usage.data?.providers ?? []} names={names.data} />}
        </PagedList>
      </section>
    </>
  );
}

/** `/w/:workspaceId/ai-usage` (owner): this month's AI spend against the budgets, and the call records page by page. */
export function AiUsageScreen({ params }: { params: RouteParams }) {
  return (
    <WorkspaceFrame workspaceId={params.workspaceId!} title="AI usage">
      {(workspace) => (workspace.role === 'owner' ? <AiUsage workspace={workspace} /> : <p class="notice">Only owners of this workspace see its AI calls and spend.</p>)}
    </WorkspaceFrame>
  );
}
