import { useState } from 'preact/hooks';
import { Form, SelectField, TextField } from '../../components/form';
import { Loaded } from '../../components/status';
import { useLoad } from '../../components/use-load';
import { currentUrl, type RouteParams, setQueryParameters } from '../../router';
import { costsApi } from './costs-api';
import { ComparisonView } from './comparison-view';
import { CostsFrame } from './costs-frame';
import { type LineChoice, useLines } from './use-lines';

function ComparePicker({ lines, left, right, asOf }: { lines: readonly LineChoice[]; left: string; right: string; asOf: string }) {
  const [values, setValues] = useState({ left, right, asOf });
  const options = [{ value: '', label: '(choose a line)' }, ...lines.map((l) => ({ value: l.value, label: l.label }))];
  return (
    <Form label="Lines to compare" class="costs-inline-form" onSubmit={() => setQueryParameters(values)}>
      <SelectField label="Left" field="left" value={values.left} onValue={(v) => setValues((s) => ({ ...s, left: v }))} options={options} />
      <SelectField label="Right" field="right" value={values.right} onValue={(v) => setValues((s) => ({ ...s, right: v }))} options={options} />
      <TextField label="As of (optional)" field="asOf" type="date" value={values.asOf} onValue={(v) => setValues((s) => ({ ...s, asOf: v }))} hint="Empty: today." />
      <div class="actions">
        <button type="submit">Compare</button>
      </div>
    </Form>
  );
}

/** `/w/:ws/p/:p/costs/compare?left=&right=&asOf=`: two lines' estimates side by side. */
export function CompareScreen({ params }: { params: RouteParams }) {
  const workspaceId = params.workspaceId!;
  const projectId = params.projectId!;
  const query = currentUrl.value.searchParams;
  const left = query.get('left') || 'main';
  const right = query.get('right') || '';
  const asOf = query.get('asOf') || null;
  const lines = useLines(projectId);
  const comparison = useLoad(async (signal) => (right === '' ? null : costsApi.compare(projectId, { left, right, asOf }, signal)), [projectId, left, right, asOf]);
  return (
    <CostsFrame workspaceId={workspaceId} projectId={projectId} tab="compare" title="Compare two lines">
      <Loaded state={lines.state} label="Reading branches and revisions…">
        {(choices) => <ComparePicker key={`${left}|${right}|${asOf}`} lines={choices} left={left} right={right} asOf={asOf ?? ''} />}
      </Loaded>
      <Loaded state={comparison} label="Comparing…">
        {(data) => (data === null ? <p class="hint">Choose the right-hand line to compare with {lines.labelOf(left)}.</p> : <ComparisonView comparison={data} labelOf={lines.labelOf} />)}
      </Loaded>
    </CostsFrame>
  );
}
