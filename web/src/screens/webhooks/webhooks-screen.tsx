import { PagedList, usePagedList } from '../../components/pager';
import { Empty } from '../../components/status';
import type { RouteParams } from '../../router';
import type { WorkspaceItem } from '../account/account-api';
import { WorkspaceFrame } from '../account/workspace-frame';
import { WebhookEventItem } from './webhook-event-item';
import { useWebhookSetup, WebhookSetup } from './webhook-setup';
import { webhooksApi } from './webhooks-api';

// Each event carries its body: a shorter page than the other lists.
const eventsPerPage = 20;

function Webhooks({ workspace }: { workspace: WorkspaceItem }) {
  const list = usePagedList((cursor, signal) => webhooksApi.deliveries(workspace.id, cursor, eventsPerPage, signal), [workspace.id]);
  const setup = useWebhookSetup(workspace.id);
  const refresh = () => {
    setup.reload();
    list.restart();
    list.state.reload();
  };
  return (
    <>
      <p class="lead">
        Comment events sent to the workspace’s webhook address, newest first, each with every try and the body as sent. A failed try is tried again, up to 8 tries; events are kept 30 days after they finish.
      </p>
      <WebhookSetup workspaceId={workspace.id} state={setup} />
      <section aria-labelledby="webhooks-log-heading">
        <h2 id="webhooks-log-heading">Delivery log</h2>
        <p>
          <button type="button" class="secondary" onClick={refresh} disabled={list.state.loading || setup.loading}>
            Refresh
          </button>
        </p>
        <PagedList list={list} label="Events">
          {(items) =>
            items.length === 0 ? (
              <Empty>No events yet.</Empty>
            ) : (
              <div class="webhooks-events">
                {items.map((event) => (
                  <WebhookEventItem key={event.id} workspaceId={workspace.id} event={event} />
                ))}
              </div>
            )
          }
        </PagedList>
      </section>
    </>
  );
}

/** `/w/:workspaceId/webhooks` (owner): where comment events go, and the delivery log with every try. */
export function WebhooksScreen({ params }: { params: RouteParams }) {
  return (
    <WorkspaceFrame workspaceId={params.workspaceId!} title="Webhooks">
      {(workspace) => (workspace.role === 'owner' ? <Webhooks workspace={workspace} /> : <p class="notice">Only owners of this workspace see where its webhooks go and their delivery log.</p>)}
    </WorkspaceFrame>
  );
}
