import { useState } from 'preact/hooks';
import type { ApiError } from '../../api/client';
import { Form, SelectField } from '../../components/form';
import { ErrorNotice, Loading } from '../../components/status';
import { useAction, useLoad } from '../../components/use-load';
import { FormProblem } from '../account/form-problem';
import { scenarioApi } from '../scenarios/scenario-api';
import { type LoadTestTarget, type TargetKind, targetsApi } from './load-tests-api';
import { callStepsOf, mainOperations, projectScenarios, type Named } from './target-subjects';

const kindOptions: readonly { value: TargetKind; label: string }[] = [
  { value: 'operation', label: 'An operation of the main model' },
  { value: 'scenario-step', label: 'A call step of a scenario' },
];

const nothingChosen = { value: '', label: '— choose one —' };

function options(items: readonly Named[], current: string) {
  const list = items.map((i) => ({ value: i.id, label: i.name }));
  // A subject no longer in the lists (deleted since) stays shown, so an edit does not change it unseen.
  if (current !== '' && !items.some((i) => i.id === current)) list.push({ value: current, label: `${current} (not found)` });
  return [nothingChosen, ...list];
}

/** The call steps of the chosen scenario, each with the operation it calls by name. */
function StepField({ projectId, scenarioId, operations, value, onValue, error }: { projectId: string; scenarioId: string; operations: readonly Named[]; value: string; onValue: (v: string) => void; error: ApiError | undefined }) {
  const scenario = useLoad((signal) => (scenarioId === '' ? Promise.resolve(null) : scenarioApi.get(projectId, scenarioId, signal)), [projectId, scenarioId]);
  if (scenarioId !== '' && scenario.loading) return <Loading label="Reading the scenario's steps…" />;
  const steps = scenario.data ? callStepsOf(scenario.data) : [];
  const operationName = (id: string | null) => operations.find((o) => o.id === id?.toLowerCase())?.name ?? id ?? 'no operation';
  const stepOptions = steps.map((s) => ({ value: s.id, label: `${s.id} (calls ${operationName(s.operation)})` }));
  if (value !== '' && !steps.some((s) => s.id === value)) stepOptions.push({ value, label: `${value} (not a call step of this scenario)` });
  return (
    <>
      <ErrorNotice error={scenario.error} />
      <SelectField label="Call step" field="stepId" error={error} value={value} onValue={onValue} options={[nothingChosen, ...stepOptions]} hint="Only call steps are sent over HTTP." />
    </>
  );
}

/**
 * Adds a target, or points one at another subject (PUT: the same kind,
 * subject and step keep the authorisation and override; another drops both).
 * The API's message for `kind`, `id` or `stepId` appears beside its field.
 */
export function TargetForm({ projectId, target, onSaved, onCancel }: { projectId: string; target?: LoadTestTarget; onSaved: (target: LoadTestTarget) => void; onCancel?: () => void }) {
  const [kind, setKind] = useState<TargetKind>(target?.kind ?? 'operation');
  const [operationId, setOperationId] = useState(target?.kind === 'operation' ? target.subjectId : '');
  const [scenarioId, setScenarioId] = useState(target?.kind === 'scenario-step' ? target.subjectId : '');
  const [stepId, setStepId] = useState(target?.stepId ?? '');
  const choices = useLoad(async (signal) => {
    const [operations, scenarios] = await Promise.all([mainOperations(projectId, signal), projectScenarios(projectId, signal)]);
    return { operations, scenarios };
  }, [projectId]);
  const save = useAction(async () => {
    const body = kind === 'operation' ? { kind, id: operationId, stepId: null } : { kind, id: scenarioId, stepId: stepId === '' ? null : stepId };
    const saved = target ? await targetsApi.replace(projectId, target.id, body) : await targetsApi.create(projectId, body);
    if (!target) {
      setOperationId('');
      setScenarioId('');
      setStepId('');
    }
    onSaved(saved);
  });
  if (choices.error) return <ErrorNotice error={choices.error} />;
  if (!choices.data) return <Loading label="Reading the operations and scenarios…" />;
  const { operations, scenarios } = choices.data;
  return (
    <Form label={target ? `Change target ${target.name}` : 'Add a target'} onSubmit={() => void save.run()} class="load-tests-target-form">
      <FormProblem error={save.error} fields={['kind', 'id', 'stepId']} />
      <SelectField label="Kind" field="kind" error={save.error} value={kind} onValue={(v) => setKind(v as TargetKind)} options={kindOptions} />
      {kind === 'operation' ? (
        <SelectField label="Operation" field="id" error={save.error} value={operationId} onValue={setOperationId} options={options(operations, operationId)} hint="Its name must be an HTTP signature such as GET /orders/{id} for a script to be written." />
      ) : (
        <>
          <SelectField
            label="Scenario"
            field="id"
            error={save.error}
            value={scenarioId}
            onValue={(v) => {
              setScenarioId(v);
              setStepId('');
            }}
            options={options(scenarios, scenarioId)}
          />
          <StepField projectId={projectId} scenarioId={scenarioId} operations={operations} value={stepId} onValue={setStepId} error={save.error} />
        </>
      )}
      {target ? <p class="hint">Another operation, scenario or step withdraws the target's authorisation and override.</p> : null}
      <div class="actions">
        <button type="submit" disabled={save.pending}>
          {save.pending ? 'Saving…' : target ? 'Save target' : 'Add target'}
        </button>
        {onCancel ? (
          <button type="button" class="secondary" onClick={onCancel}>
            Cancel
          </button>
        ) : null}
      </div>
    </Form>
  );
}
