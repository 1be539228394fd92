import { useState } from 'preact/hooks';
import { Form, SelectField, TextField } from '../../components/form';
import { Empty, ErrorNotice, Loaded } from '../../components/status';
import { useAction, useLoad } from '../../components/use-load';
import { Link, navigate, type RouteParams } from '../../router';
import { formatTime } from '../account/account-api';
import { canEditIn } from '../views/workspace-role';
import { type Source, type SourceKindStatus, sourcesApi } from './sources-api';
import { ScanStateBadge, SourcesFrame, scansPath, sourcesPath } from './sources-frame';

/** Kinds the form can add: the others need a file (archive uploads are on the Source page) or a tool (push, New Relic's key). */
const formKinds = ['directory', 'github', 'gitlab', 'bitbucket', 'azureDevOps', 'archive'];

function whereOf(source: Source): string {
  return source.repository ?? source.path ?? (source.accountId ? `account ${source.accountId}` : '—');
}

function SourceTable({ workspaceId, projectId, items }: { workspaceId: string; projectId: string; items: Source[] }) {
  if (items.length === 0) return <Empty>No Sources yet.</Empty>;
  return (
    <div class="table-scroll">
      <table class="sources-table">
        <caption class="offscreen">Sources by name</caption>
        <thead>
          <tr>
            <th scope="col">Name</th>
            <th scope="col">Kind</th>
            <th scope="col">Reads</th>
            <th scope="col">Last scan</th>
          </tr>
        </thead>
        <tbody>
          {items.map((s) => (
            <tr key={s.id} data-source={s.id}>
              <th scope="row">
                <Link href={sourcesPath(workspaceId, projectId, s.id)}>{s.name}</Link>
              </th>
              <td>{s.kind}</td>
              <td class="sources-where">{whereOf(s)}</td>
              <td>
                {s.lastScan ? (
                  <Link href={scansPath(workspaceId, projectId, s.lastScan.id)}>
                    <ScanStateBadge state={s.lastScan.state} /> {s.lastScan.finishedAt ? formatTime(s.lastScan.finishedAt) : ''}
                  </Link>
                ) : (
                  'never scanned'
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function AddSourceForm({ workspaceId, projectId, kinds }: { workspaceId: string; projectId: string; kinds: SourceKindStatus[] }) {
  const offered = kinds.filter((k) => formKinds.includes(k.kind));
  const firstAvailable = offered.find((k) => k.available)?.kind ?? offered[0]?.kind ?? 'directory';
  const [kind, setKind] = useState(firstAvailable);
  const [name, setName] = useState('');
  const [where, setWhere] = useState('');
  const chosen = kinds.find((k) => k.kind === kind);
  const needs = chosen?.requires.includes('path') ? 'path' : chosen?.requires.includes('repository') ? 'repository' : null;
  const add = useAction(async () => {
    const source = await sourcesApi.create(projectId, { kind, name, repository: needs === 'repository' ? where : null, ...(needs === 'path' ? { path: where } : {}) });
    navigate(sourcesPath(workspaceId, projectId, source.id));
  });
  return (
    <Form label="Add a Source" onSubmit={() => void add.run()} class="sources-add">
      <h2>Add a Source</h2>
      <SelectField
        label="Kind"
        field="kind"
        error={add.error}
        value={kind}
        onValue={setKind}
        options={offered.map((k) => ({ value: k.kind, label: k.available ? k.name : `${k.name} (not available)` }))}
      />
      {chosen && !chosen.available ? <p class="hint sources-unavailable">{chosen.reason}</p> : null}
      <TextField label="Name" field="name" error={add.error} value={name} onValue={setName} required />
      {needs === 'path' ? <TextField label="Folder (relative to the server's sources root)" field="path" error={add.error} value={where} onValue={setWhere} /> : null}
      {needs === 'repository' ? <TextField label="Repository" field="repository" error={add.error} value={where} onValue={setWhere} hint="owner/repository, or group/subgroup/project on GitLab" /> : null}
      <ErrorNotice error={add.error} hideFields />
      <div class="actions">
        <button type="submit" disabled={add.pending || !chosen?.available}>
          {add.pending ? 'Adding…' : 'Add Source'}
        </button>
      </div>
    </Form>
  );
}

/** `/w/:ws/p/:p/sources`: the project's Sources with their last scan, and the form that adds one. */
export function SourcesScreen({ params }: { params: RouteParams }) {
  const workspaceId = params.workspaceId!;
  const projectId = params.projectId!;
  const sources = useLoad((signal) => sourcesApi.list(projectId, signal), [projectId]);
  const kinds = useLoad((signal) => sourcesApi.kinds(projectId, signal), [projectId]);
  return (
    <SourcesFrame workspaceId={workspaceId} projectId={projectId} tab="sources">
      <Loaded state={sources} label="Reading the Sources…">
        {(items) => <SourceTable workspaceId={workspaceId} projectId={projectId} items={items} />}
      </Loaded>
      {canEditIn(workspaceId) ? <Loaded state={kinds}>{(items) => <AddSourceForm workspaceId={workspaceId} projectId={projectId} kinds={items} />}</Loaded> : null}
    </SourcesFrame>
  );
}
