import { useState } from 'preact/hooks';
import { ConfirmButton } from '../../components/confirm-button';
import { Form, TextField } from '../../components/form';
import { ErrorNotice, Loaded } from '../../components/status';
import { useAction, useLoad } from '../../components/use-load';
import { Link, navigate, type RouteParams } from '../../router';
import { formatTime } from '../account/account-api';
import { canEditIn } from '../views/workspace-role';
import { ScanTable } from './scan-table';
import { type Source, scansApi, sourcesApi } from './sources-api';
import { SourcesFrame, scansPath, sourcesPath } from './sources-frame';

/** Kinds scanned by `POST …/scans`; an archive is scanned by uploading, upload and push Sources by their tools. */
const scannedOnRequest = ['github', 'gitlab', 'bitbucket', 'azureDevOps', 'directory', 'newrelic'];

function RenameForm({ projectId, source, onRenamed }: { projectId: string; source: Source; onRenamed: (next: Source) => void }) {
  const [name, setName] = useState(source.name);
  const rename = useAction(async () => onRenamed(await sourcesApi.rename(projectId, source.id, name)));
  return (
    <Form label="Rename the Source" onSubmit={() => void rename.run()} class="sources-rename field-row">
      <TextField label="Name" field="name" error={rename.error} value={name} onValue={setName} />
      <button type="submit" class="secondary" disabled={rename.pending || name === source.name}>
        Rename
      </button>
      <ErrorNotice error={rename.error} hideFields />
    </Form>
  );
}

function ScanActions({ workspaceId, projectId, source }: { workspaceId: string; projectId: string; source: Source }) {
  const [file, setFile] = useState<File | null>(null);
  const start = useAction(async () => {
    const answer = source.kind === 'archive' && file ? await sourcesApi.uploadArchive(projectId, source.id, file) : await sourcesApi.scan(projectId, source.id);
    navigate(scansPath(workspaceId, projectId, answer.scanId));
  });
  if (source.kind === 'archive') {
    return (
      <Form label="Upload an archive" onSubmit={() => void start.run()} class="sources-archive">
        <label>
          Archive (zip, tar or tar.gz){' '}
          <input type="file" accept=".zip,.tar,.tgz,.gz" onChange={(e) => setFile((e.currentTarget as HTMLInputElement).files?.[0] ?? null)} />
        </label>
        <button type="submit" disabled={start.pending || !file}>
          {start.pending ? 'Uploading…' : 'Upload and scan'}
        </button>
        <ErrorNotice error={start.error} />
      </Form>
    );
  }
  if (!scannedOnRequest.includes(source.kind)) return <p class="hint">A {source.kind} Source is scanned when files reach it, not on request.</p>;
  return (
    <div class="actions">
      <button type="button" onClick={() => void start.run()} disabled={start.pending}>
        {start.pending ? 'Starting…' : 'Start a scan'}
      </button>
      <ErrorNotice error={start.error} />
    </div>
  );
}

function SourceScans({ workspaceId, projectId, sourceId }: { workspaceId: string; projectId: string; sourceId: string }) {
  // The scan list has no Source filter: the latest 200 scans of the project are read and this Source's kept.
  const scans = useLoad((signal) => scansApi.list(projectId, null, signal, 200), [projectId, sourceId]);
  return <Loaded state={scans}>{(page) => <ScanTable workspaceId={workspaceId} projectId={projectId} items={page.items.filter((s) => s.sourceId === sourceId)} />}</Loaded>;
}

/** `/w/:ws/p/:p/sources/:sourceId`: a Source, its scans, scanning it, renaming and deleting it. */
export function SourceScreen({ params }: { params: RouteParams }) {
  const workspaceId = params.workspaceId!;
  const projectId = params.projectId!;
  const sourceId = params.sourceId!;
  const canEdit = canEditIn(workspaceId);
  const [renamed, setRenamed] = useState<Source | null>(null);
  const state = useLoad((signal) => sourcesApi.get(projectId, sourceId, signal), [projectId, sourceId]);
  const remove = useAction(async () => {
    await sourcesApi.remove(projectId, sourceId);
    navigate(sourcesPath(workspaceId, projectId));
  });
  return (
    <SourcesFrame workspaceId={workspaceId} projectId={projectId} tab="sources">
      <Loaded state={state} label="Reading the Source…">
        {(loaded) => {
          const source = renamed ?? loaded;
          return (
            <article class="sources-source">
              <h2>{source.name}</h2>
              <dl class="facts">
                <dt>Kind</dt>
                <dd>{source.kind}</dd>
                {source.repository ? (
                  <>
                    <dt>Repository</dt>
                    <dd>{source.repository}</dd>
                  </>
                ) : null}
                {source.path ? (
                  <>
                    <dt>Folder</dt>
                    <dd>{source.path}</dd>
                  </>
                ) : null}
                <dt>Added</dt>
                <dd>{formatTime(source.createdAt)}</dd>
                <dt>Last scan</dt>
                <dd>{source.lastScan ? <Link href={scansPath(workspaceId, projectId, source.lastScan.id)}>{source.lastScan.state}</Link> : 'never scanned'}</dd>
              </dl>
              {canEdit ? <ScanActions workspaceId={workspaceId} projectId={projectId} source={source} /> : null}
              <h3>Scans</h3>
              <SourceScans workspaceId={workspaceId} projectId={projectId} sourceId={sourceId} />
              {canEdit ? (
                <>
                  <h3>Change</h3>
                  <RenameForm projectId={projectId} source={source} onRenamed={setRenamed} />
                  <ConfirmButton
                    label="Delete Source"
                    question="Delete this Source? Its scans stay listed and every accepted fact stays in the model; its bindings and snapshots go."
                    confirmLabel="Delete"
                    pending={remove.pending}
                    onConfirm={() => void remove.run()}
                  />
                  <ErrorNotice error={remove.error} />
                </>
              ) : null}
            </article>
          );
        }}
      </Loaded>
    </SourcesFrame>
  );
}
