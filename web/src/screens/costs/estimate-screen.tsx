import { useState } from 'preact/hooks';
import { Form, TextField } from '../../components/form';
import { Loaded } from '../../components/status';
import { useAction, useLoad } from '../../components/use-load';
import { currentUrl, Link, type RouteParams, setQueryParameters } from '../../router';
import { FormProblem } from '../account/form-problem';
import { canEditModel } from '../model/model-role';
import { type Estimate, type SavedEstimate, costsApi } from './costs-api';
import { currentBranchId, savedEstimateHref } from './costs-address';
import { CostsFrame } from './costs-frame';
import { EstimateView } from './estimate-view';
import { useElementNames } from './use-element-names';

/** The day an estimate is made for: `?asOf=`, kept in the address; the form shows the answer's own day without it. */
export function AsOfForm({ asOf, label = 'Show estimate' }: { asOf: string; label?: string }) {
  const [day, setDay] = useState(asOf);
  return (
    <Form label="Estimate date" class="costs-inline-form" onSubmit={() => setQueryParameters({ asOf: day })}>
      <TextField label="As of" field="asOf" type="date" value={day} onValue={setDay} hint="Prices in force on this day are used." />
      <div class="actions">
        <button type="submit">{label}</button>
      </div>
    </Form>
  );
}

/** POST …/costs/estimates: the estimate of this line on this day kept with a name, figures as computed now. */
function SaveEstimateForm({ workspaceId, projectId, branchId, asOf }: { workspaceId: string; projectId: string; branchId: string | null; asOf: string }) {
  const [name, setName] = useState('');
  const [saved, setSaved] = useState<SavedEstimate | null>(null);
  const save = useAction(async () => {
    setSaved(await costsApi.save(projectId, branchId, { name: name.trim() === '' ? null : name, asOf }));
    setName('');
  });
  return (
    <Form label="Save this estimate" class="costs-inline-form" onSubmit={() => void save.run()}>
      <FormProblem error={save.error} fields={['name']} />
      <TextField label="Name (optional)" field="name" error={save.error} value={name} onValue={setName} hint={`Keeps the figures of ${asOf} as they are now; later price or sheet changes leave them alone.`} />
      <div class="actions">
        <button type="submit" disabled={save.pending}>
          {save.pending ? 'Saving…' : 'Save estimate'}
        </button>
      </div>
      {saved ? (
        <p class="notice success" role="status">
          Saved <Link href={savedEstimateHref(workspaceId, projectId, saved.id)}>{saved.name ?? `the estimate of ${saved.asOf}`}</Link>.
        </p>
      ) : null}
    </Form>
  );
}

function EstimateBody({ workspaceId, projectId, branchId, estimate }: { workspaceId: string; projectId: string; branchId: string | null; estimate: Estimate }) {
  const elements = useElementNames(projectId, branchId);
  return (
    <>
      <AsOfForm key={estimate.asOf} asOf={estimate.asOf} />
      <EstimateView estimate={estimate} elementName={elements.nameOf} />
      {canEditModel(workspaceId) ? (
        <section class="panel" aria-labelledby="costs-save-heading">
          <h2 id="costs-save-heading">Save this estimate</h2>
          <SaveEstimateForm workspaceId={workspaceId} projectId={projectId} branchId={branchId} asOf={estimate.asOf} />
        </section>
      ) : null}
    </>
  );
}

/** `/w/:ws/p/:p/costs/estimate`: the monthly estimate of a line on `?asOf=` (default today, UTC). */
export function EstimateScreen({ params }: { params: RouteParams }) {
  const workspaceId = params.workspaceId!;
  const projectId = params.projectId!;
  const branchId = currentBranchId();
  const asOf = currentUrl.value.searchParams.get('asOf') || null;
  const estimate = useLoad((signal) => costsApi.estimate(projectId, branchId, asOf, signal), [projectId, branchId, asOf]);
  return (
    <CostsFrame workspaceId={workspaceId} projectId={projectId} tab="estimate" branchId={branchId} title="Estimate">
      {estimate.error?.fieldMessage('asOf') ? <AsOfForm asOf={asOf ?? ''} /> : null}
      <Loaded state={estimate} label="Estimating…">
        {(data) => <EstimateBody workspaceId={workspaceId} projectId={projectId} branchId={branchId} estimate={data} />}
      </Loaded>
    </CostsFrame>
  );
}
