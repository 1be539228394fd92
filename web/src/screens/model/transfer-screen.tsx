import { useId, useState } from 'preact/hooks';
import { ErrorNotice, Loaded } from '../../components/status';
import { useAction, useLoad } from '../../components/use-load';
import type { RouteParams } from '../../router';
import { exportPath, getProject, importModel, type ImportResult } from './model-api';
import { currentBranchId } from './model-address';
import { canEditModel } from './model-role';
import { forgetRecords } from './record-cache';
import { ImportResultView } from './import-result-view';

interface ChosenFile {
  name: string;
  size: number;
  text: string;
  format: 'json' | 'yaml';
}

/** YAML by its file name, else by its first character: a JSON document starts with `{`. */
function formatOf(name: string, text: string): 'json' | 'yaml' {
  if (/\.ya?ml$/i.test(name)) return 'yaml';
  if (/\.json$/i.test(name)) return 'json';
  return text.trimStart().startsWith('{') ? 'json' : 'yaml';
}

/** A file name people recognise: the project's name, the version, the format. */
function downloadName(projectName: string, version: number, format: string): string {
  const base = projectName.replace(/[^\p{L}\p{N}._-]+/gu, '-').replace(/^-+|-+$/g, '') || 'model';
  return `${base}-model-v${version}.${format}`;
}

function ImportPanel({ workspaceId, projectId, onImported }: { workspaceId: string; projectId: string; onImported: () => void }) {
  const [file, setFile] = useState<ChosenFile | null>(null);
  const [preview, setPreview] = useState<ImportResult | null>(null);
  const [done, setDone] = useState<ImportResult | null>(null);
  const id = useId();
  const choose = async (input: HTMLInputElement) => {
    setPreview(null);
    setDone(null);
    dryRun.clearError();
    apply.clearError();
    const chosen = input.files?.[0];
    if (!chosen) return setFile(null);
    const text = await chosen.text();
    setFile({ name: chosen.name, size: chosen.size, text, format: formatOf(chosen.name, text) });
  };
  const dryRun = useAction(async () => {
    if (!file) return;
    setDone(null);
    setPreview(await importModel(projectId, file.text, file.format, { dryRun: true }));
  });
  const apply = useAction(async () => {
    if (!file || !preview) return;
    const result = await importModel(projectId, file.text, file.format, { dryRun: false, expectedVersion: preview.modelVersion });
    forgetRecords();
    setPreview(null);
    setDone(result);
    onImported();
  });
  return (
    <div class="import-panel">
      <div class="field">
        <label for={id}>Model document (JSON or YAML)</label>
        <input id={id} type="file" accept=".json,.yaml,.yml,application/json,application/x-yaml,text/yaml" onChange={(e) => void choose(e.currentTarget as HTMLInputElement)} />
        <small class="hint">The import adds and updates records by ID in main and removes nothing. Preview it first.</small>
      </div>
      {file ? (
        <p>
          {file.name}: {(file.size / 1024).toFixed(1)} KB, read as {file.format.toUpperCase()}.
        </p>
      ) : null}
      <div class="actions">
        <button type="button" class="secondary" onClick={() => void dryRun.run()} disabled={!file || dryRun.pending}>
          {dryRun.pending ? 'Checking…' : 'Preview import (dry run)'}
        </button>
        {preview ? (
          <button type="button" onClick={() => void apply.run()} disabled={apply.pending || preview.refused > 0}>
            {apply.pending ? 'Importing…' : `Import into main (${preview.added} added, ${preview.changed} changed)`}
          </button>
        ) : null}
      </div>
      {preview && preview.refused > 0 ? <p class="notice warn">Refused entries stop the whole import: fix them in the file and preview again.</p> : null}
      <ErrorNotice error={dryRun.error} />
      <ErrorNotice error={apply.error} />
      {apply.error?.status === 409 ? <p class="notice">Main changed since the preview: preview again to see what the import would do now.</p> : null}
      {preview ? (
        <section aria-label="Dry run result">
          <h3>Dry run result</h3>
          <ImportResultView result={preview} workspaceId={workspaceId} projectId={projectId} />
        </section>
      ) : null}
      {done ? (
        <section aria-label="Import result">
          <h3>Import result</h3>
          <ImportResultView result={done} workspaceId={workspaceId} projectId={projectId} />
        </section>
      ) : null}
    </div>
  );
}

/** `/w/:ws/p/:p/transfer`: the model document of main downloaded as JSON or YAML, and a document imported after a dry run. */
export function TransferScreen({ params }: { params: RouteParams }) {
  const workspaceId = params.workspaceId!;
  const projectId = params.projectId!;
  const project = useLoad((signal) => getProject(projectId, signal), [projectId]);
  const exportId = useId();
  const importId = useId();
  return (
    <section class="transfer-screen">
      <h1>Import and export</h1>
      {currentBranchId() ? <p class="notice">Import and export always use main, not the branch the model screens show.</p> : null}
      <section aria-labelledby={exportId}>
        <h2 id={exportId}>Export</h2>
        <Loaded state={project} label="Loading the project…">
          {(p) => (
            <>
              <p>
                Main model of “{p.name}” at version <strong>{p.modelVersion}</strong>: every record with its truth label, provenance and stale mark. It holds no views, scenarios or history.
              </p>
              <div class="actions">
                <a class="button" href={exportPath(projectId, 'json')} download={downloadName(p.name, p.modelVersion, 'json')}>
                  Download JSON
                </a>
                <a class="button secondary" href={exportPath(projectId, 'yaml')} download={downloadName(p.name, p.modelVersion, 'yaml')}>
                  Download YAML
                </a>
              </div>
            </>
          )}
        </Loaded>
      </section>
      <section aria-labelledby={importId}>
        <h2 id={importId}>Import</h2>
        {canEditModel(workspaceId) ? <ImportPanel workspaceId={workspaceId} projectId={projectId} onImported={project.reload} /> : <p class="notice">Importing needs the editor role in this workspace.</p>}
      </section>
    </section>
  );
}
