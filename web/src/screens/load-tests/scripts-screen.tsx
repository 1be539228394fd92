import { useState } from 'preact/hooks';
import { Form, SelectField } from '../../components/form';
import { Empty, ErrorNotice, Loaded } from '../../components/status';
import { useAction, useLoad } from '../../components/use-load';
import { currentUrl, type RouteParams, setQueryParameters } from '../../router';
import { formatTime } from '../account/account-api';
import { BranchBar } from '../model/branch-bar';
import { type Branch, listBranches } from '../model/model-api';
import { LoadTestsFrame } from './load-tests-frame';
import { type LoadTestScript, type LoadTestTarget, profilesApi, scriptsApi, type StressProfile, targetsApi } from './load-tests-api';
import { loadTestRole } from './load-tests-role';
import { ScriptRefusal, ScriptView } from './script-view';

const nothingChosen = { value: '', label: '— choose one —' };

export function lineNameOf(branchId: string | null, branches: readonly Branch[]): string {
  if (branchId === null) return 'main';
  const branch = branches.find((b) => b.id === branchId);
  return branch ? `${branch.kind} “${branch.name}”` : `branch ${branchId}`;
}

function WriteScriptForm({ projectId, branchId, targets, profiles, onWritten }: { projectId: string; branchId: string | null; targets: LoadTestTarget[]; profiles: StressProfile[]; onWritten: (script: LoadTestScript, created: boolean) => void }) {
  const [targetId, setTargetId] = useState(targets[0]?.id ?? '');
  const [profileId, setProfileId] = useState(profiles[0]?.id ?? '');
  const write = useAction(async () => {
    const { script, created } = await scriptsApi.write(projectId, { targetId, profileId }, branchId);
    onWritten(script, created);
  });
  const refused = write.error?.problem.type === 'script_refused';
  return (
    <Form label="Write a k6 script" onSubmit={() => void write.run()} class="load-tests-script-form">
      <div class="field-row">
        <SelectField
          label="Target"
          field="targetId"
          error={refused ? undefined : write.error}
          value={targetId}
          onValue={setTargetId}
          options={[nothingChosen, ...targets.map((t) => ({ value: t.id, label: t.authorisation ? t.name : `${t.name} (not authorised)` }))]}
        />
        <SelectField label="Stress profile" field="profileId" error={refused ? undefined : write.error} value={profileId} onValue={setProfileId} options={[nothingChosen, ...profiles.map((p) => ({ value: p.id, label: p.name }))]} />
      </div>
      {refused ? <ScriptRefusal error={write.error} /> : <ErrorNotice error={write.error} hideFields />}
      <div class="actions">
        <button type="submit" disabled={write.pending}>
          {write.pending ? 'Writing…' : 'Write script'}
        </button>
      </div>
    </Form>
  );
}

function ScriptTable({ scripts, targets, profiles, branches, shown }: { scripts: LoadTestScript[]; targets: LoadTestTarget[]; profiles: StressProfile[]; branches: Branch[]; shown: string | null }) {
  if (scripts.length === 0) return <Empty>No scripts yet.</Empty>;
  const nameOf = (list: readonly { id: string; name: string }[], id: string) => list.find((x) => x.id === id)?.name ?? id;
  return (
    <div class="table-scroll">
      <table class="load-tests-table">
        <caption class="offscreen">Scripts, oldest first</caption>
        <thead>
          <tr>
            <th scope="col">File</th>
            <th scope="col">Target</th>
            <th scope="col">Profile</th>
            <th scope="col">Model</th>
            <th scope="col">Content hash</th>
            <th scope="col">Written</th>
          </tr>
        </thead>
        <tbody>
          {scripts.map((s) => (
            <tr key={s.id} aria-current={s.id === shown ? 'true' : undefined}>
              <th scope="row">
                <button type="button" class="link-button" onClick={() => setQueryParameters({ script: s.id })} aria-label={`Show script ${s.fileName}`}>
                  {s.fileName}
                </button>
              </th>
              <td>{nameOf(targets, s.targetId)}</td>
              <td>{nameOf(profiles, s.profileId)}</td>
              <td>
                {lineNameOf(s.branchId, branches)}, version {s.modelVersion}
              </td>
              <td>
                <code title={s.contentHash}>{s.contentHash.slice(0, 12)}…</code>
              </td>
              <td>{formatTime(s.createdAt)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** `/w/:ws/p/:p/load-tests/scripts?branchId=&script=`: write a k6 script from main or a branch, read one, list them. */
export function ScriptsScreen({ params }: { params: RouteParams }) {
  const workspaceId = params.workspaceId!;
  const projectId = params.projectId!;
  const { canEdit } = loadTestRole(workspaceId);
  const query = currentUrl.value.searchParams;
  const branchId = query.get('branchId');
  const shownId = query.get('script');
  const [written, setWritten] = useState<{ id: string; created: boolean } | null>(null);
  const lists = useLoad(async (signal) => {
    const [targets, profiles, scripts, branches] = await Promise.all([targetsApi.list(projectId, signal), profilesApi.list(projectId, signal), scriptsApi.list(projectId, signal), listBranches(projectId, signal)]);
    return { targets: targets.items, profiles: profiles.items, scripts: scripts.items, branches: branches.items };
  }, [projectId]);
  const shown = useLoad((signal) => (shownId ? scriptsApi.get(projectId, shownId, signal) : Promise.resolve(null)), [projectId, shownId]);
  return (
    <LoadTestsFrame workspaceId={workspaceId} projectId={projectId} tab="scripts">
      <h2>Scripts</h2>
      <Loaded state={lists} label="Reading targets, profiles and scripts…">
        {({ targets, profiles, scripts, branches }) => (
          <>
            {canEdit ? (
              <div class="panel">
                <h3>Write a script</h3>
                <p class="hint">From the model line chosen here: main, or a branch whose version of the operation you want to measure.</p>
                <BranchBar workspaceId={workspaceId} projectId={projectId} branchId={branchId} />
                {targets.length === 0 || profiles.length === 0 ? (
                  <Empty>A script needs a target and a stress profile: {targets.length === 0 ? 'add a target' : 'make a profile'} first.</Empty>
                ) : (
                  <WriteScriptForm
                    projectId={projectId}
                    branchId={branchId}
                    targets={targets}
                    profiles={profiles}
                    onWritten={(script, created) => {
                      setWritten({ id: script.id, created });
                      setQueryParameters({ script: script.id });
                      lists.reload();
                    }}
                  />
                )}
              </div>
            ) : null}
            <Loaded state={shown} label="Reading the script…">
              {(script) => (script && script.content !== undefined ? <ScriptView script={{ ...script, content: script.content }} lineName={lineNameOf(script.branchId, branches)} created={written?.id === script.id ? written.created : undefined} /> : null)}
            </Loaded>
            <h3>Written scripts</h3>
            <ScriptTable scripts={scripts} targets={targets} profiles={profiles} branches={branches} shown={shownId} />
          </>
        )}
      </Loaded>
    </LoadTestsFrame>
  );
}
