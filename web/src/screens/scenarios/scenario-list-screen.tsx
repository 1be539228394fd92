import { useState } from 'preact/hooks';
import { ConfirmButton } from '../../components/confirm-button';
import { ErrorNotice } from '../../components/status';
import { PagedList, usePagedList } from '../../components/pager';
import { Empty } from '../../components/status';
import { useAction } from '../../components/use-load';
import { projectPath } from '../../navigation';
import { Link, type RouteParams } from '../../router';
import { scenarioApi, type ScenarioSummary } from './scenario-api';

/** A row's delete, asked twice: a deleted scenario's ID stays taken, so the step cannot be undone. */
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
                        <ConfirmButton label="Delete" subject={scenario.name} question={`Delete “${scenario.name}” for good? Its ID cannot be used again.`} confirmLabel="Yes, delete" cancelLabel="Keep it" pending={removal.pending} onConfirm={() => void removal.run(scenario)} />
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
