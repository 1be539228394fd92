import { ConfirmButton } from '../../components/confirm-button';
import { Empty } from '../../components/status';
import { TruthBadges } from '../../components/truth-badges';
import type { CostAssumption, CostResource } from './costs-api';

/** The assumptions of a sheet; editors edit and delete them (one a usage line uses is refused with the API's 409). */
export function AssumptionTable({
  assumptions,
  resources,
  elementName,
  editable,
  pending,
  onEdit,
  onDelete,
}: {
  assumptions: CostAssumption[];
  resources: readonly CostResource[];
  elementName: (id: string) => string;
  editable: boolean;
  pending: boolean;
  onEdit: (assumption: CostAssumption) => void;
  onDelete: (assumption: CostAssumption) => void;
}) {
  if (assumptions.length === 0) return <Empty>No assumptions on this sheet yet.</Empty>;
  const subjectName = (id: string | null) => (id === null ? '' : (resources.find((r) => r.id === id)?.name ?? elementName(id)));
  return (
    <div class="table-scroll">
      <table class="costs-assumptions">
        <caption class="offscreen">Assumptions of the cost sheet</caption>
        <thead>
          <tr>
            <th scope="col">Name</th>
            <th scope="col">Kind</th>
            <th scope="col">About</th>
            <th scope="col" class="costs-amount">
              Value
            </th>
            <th scope="col">Unit</th>
            <th scope="col">Truth</th>
            <th scope="col">Source</th>
            <th scope="col">Effective</th>
            {editable ? (
              <th scope="col">
                <span class="offscreen">Actions</span>
              </th>
            ) : null}
          </tr>
        </thead>
        <tbody>
          {assumptions.map((a) => (
            <tr key={a.id} data-assumption-id={a.id}>
              <th scope="row">{a.name}</th>
              <td>{a.kind}</td>
              <td>{subjectName(a.subjectId)}</td>
              <td class="costs-amount">{a.value ?? <span class="muted">no value yet</span>}</td>
              <td>{a.unit}</td>
              <td>
                <TruthBadges record={{ factStatus: a.label }} />
              </td>
              <td>{a.source ?? ''}</td>
              <td>{a.effectiveDate}</td>
              {editable ? (
                <td class="row-actions">
                  <button type="button" class="secondary" aria-label={`Edit assumption ${a.name}`} onClick={() => onEdit(a)}>
                    Edit
                  </button>
                  <ConfirmButton label="Delete" subject={`assumption ${a.name}`} question={`Delete the assumption “${a.name}”?`} confirmLabel="Yes, delete" cancelLabel="Keep it" pending={pending} onConfirm={() => onDelete(a)} />
                </td>
              ) : null}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
