import { useEffect, useRef, useState } from 'preact/hooks';
import { ErrorNotice } from '../../components/status';
import { PagedList, usePagedList } from '../../components/pager';
import { Empty } from '../../components/status';
import { useAction } from '../../components/use-load';
import { projectPath } from '../../navigation';
import { Link, type RouteParams } from '../../router';
import { scenarioApi, type ScenarioSummary } from './scenario-api';

/** A row's delete, asked twice: a deleted scenario's ID stays taken, so the step cannot be undone. */
function DeleteControl({ scenario, onDelete, pending }: { scenario: ScenarioSummary; onDelete: () => void; pending: boolean }) {
  const [asking, setAsking] = useState(false);
  const keep = useRef<HTMLButtonElement>(null);
  // The Delete button goes away when asked: the focus moves to the safe answer rather than being lost.
  useEffect(() => {
    if (asking) keep.current?.focus();
  }, [asking]);
  if (!asking) {
    return (
      <button type="button" class="secondary" onClick={() => setAsking(true)} aria-label={`Delete ${scenario.name}`}>
        Delete
      </button>
    );
  }
  return (
    <span class="confirm-delete">
      <span>Delete “{scenario.name}” for good? Its ID cannot be used again.</span>{' '}
      <button type="button" class="danger" onClick={onDelete} disabled={pending} aria-label={`Yes, delete ${scenario.name}`}>
        Yes, delete
      </button>{' '}
      <button type="button" class="secondary" ref={keep} onClick={() => setAsking(false)} aria-label={`Keep ${scenario.name}`}>
        Keep it
      </button>
    </span>
  );
}

/** `/w/:workspaceId/p/:projectId/scenarios`: the project's scenarios by name, paged with the API's cursor. */
export function ScenarioListScreen({ params }: { params: RouteParams }) {
  const workspaceId = params.workspaceId!;
  const projectId = params.projectId!;
  const list = usePagedList((cursor, signal) => scenarioApi.list(projectId, cursor, signal), [projectId]);
  const [deleted, setDeleted] = useState<string | null>(null);
  const removal = useAction(async (scenario: ScenarioSummary) => {
    await scenarioApi.remove(projectId, scenario.id);
    setDeleted(scenario.name);
    list.state.reload();
  });

  return (
    <section>
      <h1>Scenarios</h1>
      <p class="intro">A scenario plays a flow over the declared model, with faults to inject and assertions to check; a run writes nothing.</p>
      <div class="actions">
        <Link href={projectPath(workspaceId, projectId, 'scenarios', 'new')} class="button">
          New scenario
        </Link>
      </div>
      {deleted ? (
        <p class="notice success" role="status">
          Deleted “{deleted}”.
        </p>
      ) : null}
      <ErrorNotice error={removal.error} />
      <PagedList list={list} label="Scenarios">
        {(items) =>
          items.length === 0 ? (
            <Empty>{list.hasPrevious ? 'No more scenarios.' : 'No scenarios yet. Write one with New scenario.'}</Empty>
          ) : (
            <div class="table-scroll">
              <table class="scenario-table">
                <caption class="offscreen">Scenarios by name</caption>
                <thead>
                  <tr>
                    <th scope="col">Name</th>
                    <th scope="col">ID</th>
                    <th scope="col">
                      <span class="offscreen">Actions</span>
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {items.map((scenario) => (
                    <tr key={scenario.id}>
                      <td>
                        <Link href={projectPath(workspaceId, projectId, 'scenarios', scenario.id)}>{scenario.name}</Link>
                      </td>
                      <td>
                        <code class="scenario-list-id">{scenario.id}</code>
                      </td>
                      <td class="row-actions">
                        <DeleteControl scenario={scenario} pending={removal.pending} onDelete={() => removal.run(scenario)} />
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )
        }
      </PagedList>
    </section>
  );
}
