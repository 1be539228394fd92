import type { ApiError } from '../../api/client';
import { Field } from '../../components/form';
import { useLoad } from '../../components/use-load';
import { listRecords, sectionLabels, type AnyModelRecord, type Section } from './model-api';
import { recordTitle } from './record-title';

const optionLimit = 200;

function useOptions(projectId: string, section: Section, branchId: string | null) {
  return useLoad((signal) => listRecords(projectId, section, { branchId, limit: optionLimit }, signal), [projectId, section, branchId]);
}

function optionLabel(section: Section, record: AnyModelRecord): string {
  const kind = (record as unknown as { kind?: unknown }).kind;
  return section === 'elements' && typeof kind === 'string' ? `${recordTitle(section, record)} (${kind})` : recordTitle(section, record);
}

interface ReferenceProps {
  projectId: string;
  branchId: string | null;
  label: string;
  field: string;
  section: Section;
  error: ApiError | undefined;
  disabled?: boolean;
  hint?: string;
  /** Keeps only the records that may be chosen (e.g. the parent kinds an element allows). */
  allow?: (record: AnyModelRecord) => boolean;
}

/**
 * A choice of one record of a kind, by name, from the first 200 of the
 * branch shown (the current value is always offered, named by its ID when it
 * is not among them).
 */
export function ReferenceField(props: ReferenceProps & { nullable: boolean; value: string; onValue: (value: string) => void }) {
  const options = useOptions(props.projectId, props.section, props.branchId);
  const records = (options.data?.items ?? []).filter((r) => !props.allow || props.allow(r) || r.id === props.value);
  records.sort((a, b) => optionLabel(props.section, a).localeCompare(optionLabel(props.section, b)));
  const known = records.some((r) => r.id === props.value);
  const more = options.data && options.data.total > optionLimit ? `Showing the first ${optionLimit} of ${options.data.total} ${sectionLabels[props.section].plural.toLowerCase()}; the JSON editor below takes any ID.` : undefined;
  return (
    <Field label={props.label} field={props.field} error={props.error} hint={[props.hint, more, options.error ? `Could not list ${sectionLabels[props.section].plural.toLowerCase()}: ${options.error.message}` : undefined].filter(Boolean).join(' ') || undefined}>
      {(id, describedBy, invalid) => (
        <select id={id} name={props.field} value={props.value} disabled={props.disabled} aria-describedby={describedBy} aria-invalid={invalid} onChange={(e) => props.onValue((e.currentTarget as HTMLSelectElement).value)}>
          {props.nullable || props.value === '' ? <option value="">{props.nullable ? '(none)' : options.data ? '(choose one)' : 'Loading…'}</option> : null}
          {!known && props.value !== '' ? <option value={props.value}>{props.value}</option> : null}
          {records.map((r) => (
            <option key={r.id} value={r.id}>
              {optionLabel(props.section, r)}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}

/** A choice of any number of records of a kind (a message's consumers). */
export function ReferencesField(props: ReferenceProps & { value: string[]; onValue: (value: string[]) => void }) {
  const options = useOptions(props.projectId, props.section, props.branchId);
  const records = [...(options.data?.items ?? [])].sort((a, b) => optionLabel(props.section, a).localeCompare(optionLabel(props.section, b)));
  const missing = props.value.filter((id) => !records.some((r) => r.id === id));
  return (
    <Field label={props.label} field={props.field} error={props.error} hint="Hold Ctrl (or ⌘) to choose several.">
      {(id, describedBy, invalid) => (
        <select
          id={id}
          name={props.field}
          multiple
          size={Math.min(8, Math.max(3, records.length + missing.length))}
          aria-describedby={describedBy}
          aria-invalid={invalid}
          onChange={(e) => props.onValue([...(e.currentTarget as HTMLSelectElement).selectedOptions].map((o) => o.value))}
        >
          {missing.map((value) => (
            <option key={value} value={value} selected>
              {value}
            </option>
          ))}
          {records.map((r) => (
            <option key={r.id} value={r.id} selected={props.value.includes(r.id)}>
              {optionLabel(props.section, r)}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}
