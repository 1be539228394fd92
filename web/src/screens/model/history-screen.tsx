import { useId, useState } from 'preact/hooks';
import { Form, SelectField, TextField } from '../../components/form';
import { Empty, ErrorNotice, Loaded } from '../../components/status';
import { useAction, useLoad } from '../../components/use-load';
import { projectPath } from '../../navigation';
import { Link, currentUrl, setQueryParameters, type RouteParams } from '../../router';
import { CompareCounts } from './compare-counts';
import { createBranch, createRevision, getProject, listBranches, listRevisions, type Branch, type Revision } from './model-api';
import { currentBranchId, modelHref } from './model-address';
import { canEditModel } from './model-role';
import { MergePanel } from './merge-panel';

const when = (iso: string) => new Date(iso).toLocaleString();

function NewBranchForm({ projectId, onCreated }: { projectId: string; onCreated: (branch: Branch) => void }) {
  const [name, setName] = useState('');
  const [kind, setKind] = useState('draft');
  const action = useAction(async () => {
    const branch = await createBranch(projectId, { name, kind });
    setName('');
    onCreated(branch);
  });
  return (
    <Form label="New branch" onSubmit={() => void action.run()} class="inline-form model-inline-form">
      <TextField label="Branch name" field="name" error={action.error} value={name} onValue={setName} />
      <SelectField
        label="Kind"
        field="kind"
        error={action.error}
        value={kind}
        onValue={setKind}
        options={[
          { value: 'draft', label: 'draft (work towards main)' },
          { value: 'variant', label: 'variant (an alternative design)' },
        ]}
      />
      <ErrorNotice error={action.error} hideFields />
      <div class="actions">
        <button type="submit" disabled={action.pending}>
          {action.pending ? 'Copying main…' : 'Create branch from main'}
        </button>
      </div>
    </Form>
  );
}

function NewRevisionForm({ projectId, onCreated }: { projectId: string; onCreated: (revision: Revision) => void }) {
  const [name, setName] = useState('');
  const action = useAction(async () => {
    const revision = await createRevision(projectId, { name });
    setName('');
    onCreated(revision);
  });
  return (
    <Form label="New revision" onSubmit={() => void action.run()} class="inline-form model-inline-form">
      <TextField label="Revision name" field="name" error={action.error} value={name} onValue={setName} />
      <ErrorNotice error={action.error} hideFields />
      <div class="actions">
        <button type="submit" disabled={action.pending}>
          {action.pending ? 'Freezing…' : 'Freeze main as a revision'}
        </button>
      </div>
    </Form>
  );
}

/** `/w/:ws/p/:p/history`: revisions (frozen copies of main), branches (drafts and variants) with a switch, and counts compared with main. */
export function HistoryScreen({ params }: { params: RouteParams }) {
  const workspaceId = params.workspaceId!;
  const projectId = params.projectId!;
  const branchId = currentBranchId();
  const compare = currentUrl.value.searchParams.get('compare');
  const project = useLoad((signal) => getProject(projectId, signal), [projectId]);
  const branches = useLoad((signal) => listBranches(projectId, signal), [projectId]);
  const revisions = useLoad((signal) => listRevisions(projectId, signal), [projectId]);
  const [created, setCreated] = useState<string | null>(null);
  const [merging, setMerging] = useState<string | null>(null);
  const editable = canEditModel(workspaceId);
  const branchesId = useId();
  const revisionsId = useId();
  const compareId = useId();
  // The comparison sits above the lists: after choosing one below, go there.
  const showCompare = (streamId: string) => {
    setQueryParameters({ compare: streamId });
    requestAnimationFrame(() => {
      const heading = document.getElementById(compareId);
      heading?.focus({ preventScroll: true });
      heading?.scrollIntoView({ block: 'start' });
    });
  };

  return (
    <section class="history-screen">
      <h1>Revisions and branches</h1>
      <Loaded state={project} label="Loading the project…">
        {(p) => (
          <p>
            Main model of “{p.name}” is at version {p.modelVersion}.{' '}
            {branchId ? (
              <>
                The model screens show a branch now. <Link href={modelHref(workspaceId, projectId, null)}>Switch back to main</Link>
              </>
            ) : (
              'The model screens show main.'
            )}
          </p>
        )}
      </Loaded>
      {created ? (
        <p class="notice success" role="status">
          {created}
        </p>
      ) : null}

      {branches.data && revisions.data ? <CompareCounts projectId={projectId} compare={compare} branches={branches.data.items} revisions={revisions.data.items} headingId={compareId} /> : null}

      <section aria-labelledby={branchesId}>
        <h2 id={branchesId}>Branches</h2>
        <Loaded state={branches} label="Loading branches…">
          {({ items }) =>
            items.length === 0 ? (
              <Empty>No branches yet. A branch is a copy of main that you edit without changing main.</Empty>
            ) : (
              <div class="table-scroll">
                <table>
                  <caption class="offscreen">Branches</caption>
                  <thead>
                    <tr>
                      <th scope="col">Name</th>
                      <th scope="col">Kind</th>
                      <th scope="col">Copied from main version</th>
                      <th scope="col">Version</th>
                      <th scope="col">Created</th>
                      <th scope="col">Actions</th>
                    </tr>
                  </thead>
                  <tbody>
                    {items.map((b) => (
                      <tr key={b.id} aria-current={b.id === branchId ? 'true' : undefined}>
                        <td>
                          {b.name}
                          {b.id === branchId ? <span class="badge">shown now</span> : null}
                          {b.merged ? <span class="badge">merged into main version {b.merged.modelVersion}</span> : null}
                        </td>
                        <td>{b.kind}</td>
                        <td>{b.baseVersion ?? '–'}</td>
                        <td>{b.modelVersion}</td>
                        <td>{when(b.createdAt)}</td>
                        <td class="model-row-actions">
                          <Link href={modelHref(workspaceId, projectId, b.id)} aria-label={`Switch to ${b.name}`}>
                            Switch to it
                          </Link>
                          <button type="button" class="secondary" onClick={() => showCompare(b.id)} aria-label={`Compare ${b.name} with main`}>
                            Compare
                          </button>
                          <Link href={projectPath(workspaceId, projectId, 'branches', b.id, 'review')} aria-label={`Review ${b.name}`}>
                            Review
                          </Link>
                          {editable && !b.merged ? (
                            <button type="button" class="secondary" onClick={() => setMerging(b.id)} aria-label={`Merge or discard ${b.name}`}>
                              Merge or discard…
                            </button>
                          ) : null}
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            )
          }
        </Loaded>
        {merging && branches.data?.items.some((b) => b.id === merging) ? (
          <MergePanel
            key={merging}
            projectId={projectId}
            branch={branches.data.items.find((b) => b.id === merging)!}
            onDone={(message) => {
              setCreated(message);
              setMerging(null);
              branches.reload();
              project.reload();
            }}
          />
        ) : null}
        {editable ? (
          <NewBranchForm
            projectId={projectId}
            onCreated={(b) => {
              setCreated(`Branch “${b.name}” created from main version ${b.baseVersion ?? '?'}.`);
              branches.reload();
            }}
          />
        ) : null}
      </section>

      <section aria-labelledby={revisionsId}>
        <h2 id={revisionsId}>Revisions</h2>
        <Loaded state={revisions} label="Loading revisions…">
          {({ items }) =>
            items.length === 0 ? (
              <Empty>No revisions yet. A revision freezes main as it is now; views export it with its name.</Empty>
            ) : (
              <div class="table-scroll">
                <table>
                  <caption class="offscreen">Revisions</caption>
                  <thead>
                    <tr>
                      <th scope="col">Name</th>
                      <th scope="col">Main version</th>
                      <th scope="col">Created</th>
                      <th scope="col">Actions</th>
                    </tr>
                  </thead>
                  <tbody>
                    {items.map((r) => (
                      <tr key={r.id}>
                        <td>{r.name}</td>
                        <td>{r.modelVersion}</td>
                        <td>{when(r.createdAt)}</td>
                        <td class="model-row-actions">
                          <button type="button" class="secondary" onClick={() => showCompare(r.id)} aria-label={`Compare ${r.name} with main`}>
                            Compare
                          </button>
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            )
          }
        </Loaded>
        {editable ? (
          <NewRevisionForm
            projectId={projectId}
            onCreated={(r) => {
              setCreated(`Revision “${r.name}” frozen at main version ${r.modelVersion}.`);
              revisions.reload();
              project.reload();
            }}
          />
        ) : null}
      </section>

    </section>
  );
}
