import { useId, useState } from 'preact/hooks';
import { ConfirmButton } from '../../components/confirm-button';
import { ErrorNotice } from '../../components/status';
import { useAction } from '../../components/use-load';
import { type CostSheet, costsApi } from './costs-api';
import type { LineChoice } from './use-lines';

/**
 * POST …/costs/copy: this line's sheet replaced by a copy of another line's (main, a branch or a
 * revision). Asked twice: what the sheet holds now is gone after it.
 */
export function CopySheetForm({ projectId, branchId, lines, sheet, onCopied }: { projectId: string; branchId: string | null; lines: readonly LineChoice[]; sheet: CostSheet; onCopied: (sheet: CostSheet) => void }) {
  const here = branchId ?? 'main';
  const choices = lines.filter((line) => line.value !== here);
  const [from, setFrom] = useState('');
  const id = useId();
  const copy = useAction(async () => {
    onCopied(await costsApi.copy(projectId, branchId, from));
    setFrom('');
  });
  const chosen = choices.find((line) => line.value === from);
  const count = (n: number, what: string) => `${n} ${what}${n === 1 ? '' : 's'}`;
  return (
    <div class="costs-copy">
      <div class="field">
        <label for={id}>Copy the sheet of</label>
        <select id={id} value={from} onChange={(e) => setFrom((e.currentTarget as HTMLSelectElement).value)}>
          <option value="">(choose a line)</option>
          {choices.map((line) => (
            <option key={line.value} value={line.value}>
              {line.label}
            </option>
          ))}
        </select>
      </div>
      <ErrorNotice error={copy.error} />
      {chosen ? (
        <ConfirmButton
          label="Copy that sheet here"
          question={`Replace this sheet (${count(sheet.resources.length, 'resource')}, ${count(sheet.assumptions.length, 'assumption')}) with a copy of the sheet of ${chosen.label}?`}
          confirmLabel="Yes, replace it"
          cancelLabel="Keep this sheet"
          pending={copy.pending}
          onConfirm={() => void copy.run()}
        />
      ) : null}
    </div>
  );
}
