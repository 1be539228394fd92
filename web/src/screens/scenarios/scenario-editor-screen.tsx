import { findNodeAtLocation } from 'jsonc-parser';
import { useId, useMemo, useRef, useState } from 'preact/hooks';
import { ErrorNotice, Loading } from '../../components/status';
import { SelectField } from '../../components/form';
import { useAction, useLoad } from '../../components/use-load';
import { projectPath } from '../../navigation';
import { currentUrl, Link, navigate, type RouteParams, setQueryParameters } from '../../router';
import { ignoredProblems, runProblems, saveProblems, syntaxProblem, type EditorProblem } from './editor-problems';
import { readJsonText } from './json-text';
import { ProblemList } from './problem-list';
import { RunResultView } from './run-result-view';
import { scenarioApi, type RunResult } from './scenario-api';
import { goToLine, ScenarioJsonEditor } from './scenario-json-editor';
import { useScenarioDocument } from './use-scenario-document';

function OriginLine({ origin }: { origin: { kind: string; proposalId?: string; provider?: string; model?: string } | null }) {
  if (!origin) return null;
  return (
    <p class="notice">
      Accepted from an AI flow proposal
      {origin.proposalId ? (
        <>
          {' '}
          <code>{origin.proposalId}</code>
        </>
      ) : null}
      {origin.provider ? ` (${origin.provider}${origin.model ? `, ${origin.model}` : ''})` : ''}.
    </p>
  );
}

/**
 * `/w/:workspaceId/p/:projectId/scenarios/new` and `…/scenarios/:scenarioId`:
 * the scenario document as JSON with the problems of its text, its save and
 * its run beside it; Save, Run (over main or a branch) and the run's result.
 * One component serves both addresses, so a new scenario keeps its text and
 * what the save said about it when the address turns into its own.
 */
export function ScenarioEditorScreen({ params }: { params: RouteParams }) {
  const workspaceId = params.workspaceId!;
  const projectId = params.projectId!;
  const scenarioId = params.scenarioId ?? null;
  const problemsId = useId();
  const textarea = useRef<HTMLTextAreaElement>(null);
  const { document, loadError, saveError, blocked, ignored, saving, setText, save } = useScenarioDocument(projectId, scenarioId);
  const [run, setRun] = useState<{ scenarioId: string; branchId: string | null; result: RunResult; playedOver: string; forText: string } | null>(null);
  const branches = useLoad((signal) => scenarioApi.branches(projectId, signal), [projectId]);
  const branchId = currentUrl.value.searchParams.get('branchId') ?? '';

  const text = document?.text ?? '';
  // A result belongs to the scenario it ran; another scenario opened here does not show it.
  const shownRun = run && run.scenarioId === document?.scenarioId ? run : null;
  const read = useMemo(() => readJsonText(text), [text]);
  const problems = useMemo<EditorProblem[]>(() => {
    const list: EditorProblem[] = [];
    if (read.error) list.push(syntaxProblem(read.error));
    list.push(...saveProblems(text, read.tree, saveError));
    list.push(...ignoredProblems(text, read.tree, ignored));
    if (shownRun) list.push(...runProblems(text, read.tree, shownRun.result.issues));
    return list;
  }, [text, read, saveError, ignored, shownRun]);

  const branchOptions = [{ value: '', label: 'Main model' }, ...(branches.data?.items ?? []).map((b) => ({ value: b.id, label: `${b.name} (${b.kind})` }))];
  const playedOverLabel = branchOptions.find((o) => o.value === branchId)?.label ?? `Branch ${branchId}`;

  const saveNow = async () => {
    const saved = await save();
    if (saved?.created) navigate(projectPath(workspaceId, projectId, 'scenarios', saved.id), { replace: true });
    return saved;
  };

  const runAction = useAction(async () => {
    if (!document) return;
    let id = document.scenarioId;
    if (document.savedText === null || document.savedText !== document.text) {
      const saved = await saveNow();
      if (!saved) return;
      id = saved.id;
    }
    const result = await scenarioApi.run(projectId, id, branchId || null);
    setRun({ scenarioId: id, branchId: branchId || null, result, playedOver: playedOverLabel, forText: document.text });
  });

  const listHref = projectPath(workspaceId, projectId, 'scenarios');
  if (loadError) {
    return (
      <section>
        <p>
          <Link href={listHref}>← Scenarios</Link>
        </p>
        <h1>Scenario</h1>
        <ErrorNotice error={loadError} />
      </section>
    );
  }
  if (!document) return <Loading label="Loading the scenario…" />;

  const isNew = document.savedText === null;
  const dirty = document.savedText !== document.text;
  const nameNode = read.tree ? findNodeAtLocation(read.tree, ['name']) : undefined;
  const name = typeof nameNode?.value === 'string' && nameNode.value.trim() !== '' ? nameNode.value : isNew ? 'New scenario' : 'Scenario';
  // A create takes its ID from the text (a replace from the path), so a new scenario shows the text's.
  const idNode = read.tree ? findNodeAtLocation(read.tree, ['id']) : undefined;
  const shownId = isNew && typeof idNode?.value === 'string' ? idNode.value : document.scenarioId;

  return (
    <section class="scenario-editor">
      <p class="breadcrumb">
        <Link href={listHref}>← Scenarios</Link>
      </p>
      <h1>{name}</h1>
      <p class="scenario-id">
        ID <code>{shownId}</code>
        {isNew ? ' (new: the text chooses it; Create saves it)' : ''}
      </p>
      <OriginLine origin={document.origin} />
      <div class="scenario-workspace">
        <ScenarioJsonEditor text={text} onText={setText} onSave={saveNow} problems={problems} textareaRef={textarea} describedBy={problemsId} />
        <ProblemList id={problemsId} problems={problems} onGoToLine={(line) => goToLine(textarea.current, line)} />
      </div>
      <p class="save-state" role="status">
        {saving ? 'Saving…' : isNew ? 'Not saved yet.' : dirty ? 'Unsaved changes.' : 'Saved.'}
        {read.error ? ` The text is not JSON yet (line ${read.error.line}, column ${read.error.column}).` : ''}
      </p>
      {blocked ? (
        <div class="error-notice" role="alert">
          <strong>Not sent: the text is not valid JSON.</strong>
          <p>
            Line {blocked.line}, column {blocked.column}: {blocked.message}
          </p>
        </div>
      ) : null}
      {saveError ? (
        <>
          <ErrorNotice error={saveError} hideFields />
          {saveError.status === 409 && isNew ? (
            <p class="hint">
              The ID in the text is taken (a deleted scenario keeps its ID too): write another GUID as <code>id</code>, or{' '}
              <Link href={projectPath(workspaceId, projectId, 'scenarios', shownId)}>open the scenario with this ID</Link>.
            </p>
          ) : null}
        </>
      ) : null}
      <div class="actions run-actions">
        <button type="button" onClick={saveNow} disabled={saving || runAction.pending}>
          {isNew ? 'Create scenario' : 'Save'}
        </button>
        <SelectField
          label="Play over"
          field="branchId"
          value={branchId}
          onValue={(value) => setQueryParameters({ branchId: value || null })}
          options={branchOptions}
          hint="The run plays the saved scenario, with the faults its document lists, over this model."
        />
        <button type="button" onClick={() => runAction.run()} disabled={saving || runAction.pending}>
          {runAction.pending ? 'Running…' : isNew || dirty ? 'Save and run' : 'Run'}
        </button>
      </div>
      <ErrorNotice error={runAction.error} />
      {shownRun ? (
        <>
          {shownRun.forText !== document.text ? <p class="notice">This result is of the text as it was when it ran; run again to see your changes played.</p> : null}
          <RunResultView
            result={shownRun.result}
            playedOver={shownRun.playedOver}
            loadSequence={(signal) => scenarioApi.runSequence(projectId, shownRun.scenarioId, shownRun.branchId, signal)}
          />
        </>
      ) : null}
    </section>
  );
}
