import { useEffect, useId, useRef, useState } from 'preact/hooks';
import { ApiError } from '../../api/client';
import { Form, SelectField, TextAreaField, TextField } from '../../components/form';
import { ErrorNotice } from '../../components/status';
import { useAction } from '../../components/use-load';
import { Link, navigate } from '../../router';
import { createRecord, hasFactFields, replaceRecord, sectionLabels, type AnyModelRecord, type Section } from './model-api';
import { recordHref, sectionListHref } from './model-address';
import { forgetRecords } from './record-cache';
import { splitFieldErrors } from './field-errors';
import { blankRecord, factFormFields, formFields, type FieldSpec } from './record-form-spec';
import { fieldsOf, toFormValues, toRecordBody, type FormValues } from './record-form-values';
import { ReferenceField, ReferencesField } from './reference-field';

/** Part 1 "Element": the kind a parent must have, by the element's own kind (none: no parent). */
const parentKindOf: Record<string, string | null> = { actor: null, system: null, app: 'system', store: 'system', component: 'app' };

interface FormProps {
  workspaceId: string;
  projectId: string;
  branchId: string | null;
  section: Section;
  /** The record edited, or null for a new one. */
  record: AnyModelRecord | null;
}

function useSave(props: FormProps) {
  return useAction(async (body: unknown) => {
    const { projectId, section, record, branchId } = props;
    const saved = record ? await replaceRecord(projectId, section, record.id, body, branchId) : await createRecord(projectId, section, body, branchId);
    forgetRecords();
    navigate(recordHref(props.workspaceId, projectId, branchId, section, saved.id));
  });
}

/**
 * The record as JSON, for the fields the form leaves out or for pasting a
 * whole record; the API's messages are listed under it with their paths.
 */
function JsonEditor(props: FormProps) {
  const initial = props.record ?? { ...blankRecord(props.section) };
  const [text, setText] = useState(JSON.stringify(initial, null, 2));
  const [parseError, setParseError] = useState<ApiError | undefined>(undefined);
  const save = useSave(props);
  const submit = () => {
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch (cause) {
      setParseError(new ApiError({ type: 'client_error', title: 'Not valid JSON', detail: String(cause), status: 0, errors: [{ field: 'json', message: `is not valid JSON: ${(cause as Error).message}` }] }));
      return;
    }
    setParseError(undefined);
    void save.run(body);
  };
  return (
    <details class="record-json-editor">
      <summary>Edit as JSON</summary>
      <Form label={`${sectionLabels[props.section].singular} as JSON`} onSubmit={submit}>
        <TextAreaField label="Record JSON" field="json" error={parseError} value={text} onValue={setText} rows={16} spellcheck={false} class="code" />
        <ErrorNotice error={save.error} />
        <div class="actions">
          <button type="submit" disabled={save.pending}>
            {save.pending ? 'Saving…' : 'Save JSON'}
          </button>
        </div>
      </Form>
    </details>
  );
}

/** A form per kind for its fields (and the fact fields), saved through the edit endpoints; each API message shown beside its field. */
export function RecordForm(props: FormProps) {
  const { workspaceId, projectId, branchId, section, record } = props;
  const [values, setValues] = useState<FormValues>(() => toFormValues(section, (record as unknown as Record<string, unknown>) ?? blankRecord(section)));
  const save = useSave(props);
  const formPaths = new Set(fieldsOf(section).map((f) => f.path));
  const { fields: fieldError, rest } = splitFieldErrors(save.error, formPaths);
  const set = (path: string, value: string | string[]) => setValues((v) => ({ ...v, [path]: value }));
  const text = (path: string) => String(values[path] ?? '');
  const headingId = useId();
  const labels = sectionLabels[section];
  const container = useRef<HTMLDivElement>(null);
  // After a refused save the first field in error takes the focus: its message is read out beside it.
  useEffect(() => {
    if (save.error) container.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [save.error]);

  const control = (spec: FieldSpec) => {
    const common = { label: spec.label, field: spec.path, error: fieldError };
    const fixed = record !== null && 'fixedOnEdit' in spec && spec.fixedOnEdit === true;
    switch (spec.type) {
      case 'text':
        return spec.multiline ? (
          <TextAreaField key={spec.path} {...common} value={text(spec.path)} onValue={(v) => set(spec.path, v)} rows={spec.code ? 10 : 3} {...(spec.code ? { class: 'code', spellcheck: false } : {})} {...(spec.hint ? { hint: spec.hint } : {})} />
        ) : (
          <TextField key={spec.path} {...common} value={text(spec.path)} onValue={(v) => set(spec.path, v)} {...(spec.hint ? { hint: spec.hint } : {})} />
        );
      case 'number':
        return <TextField key={spec.path} {...common} value={text(spec.path)} onValue={(v) => set(spec.path, v)} {...(spec.hint ? { hint: spec.hint } : {})} />;
      case 'words':
        return <TextField key={spec.path} {...common} value={text(spec.path)} onValue={(v) => set(spec.path, v)} hint="Separated by commas" />;
      case 'choice':
        return fixed ? (
          <TextField key={spec.path} {...common} value={text(spec.path)} onValue={() => undefined} readOnly hint="Cannot change once the record exists" />
        ) : (
          <SelectField key={spec.path} {...common} value={text(spec.path)} onValue={(v) => set(spec.path, v)} options={spec.options.map((o) => ({ value: o, label: o }))} />
        );
      case 'reference': {
        const parentKind = spec.path === 'parentId' ? parentKindOf[text('kind')] : undefined;
        const allow = spec.path === 'parentId' ? (r: AnyModelRecord) => parentKind !== null && (r as unknown as { kind: string }).kind === parentKind && r.id !== record?.id : undefined;
        const hint = spec.path === 'parentId' ? (parentKind ? `A ${text('kind')} sits inside a ${parentKind}.` : `A ${text('kind')} has no parent.`) : fixed ? 'Cannot change once the record exists' : undefined;
        return (
          <ReferenceField
            key={spec.path}
            {...common}
            projectId={projectId}
            branchId={branchId}
            section={spec.section}
            nullable={spec.nullable}
            value={text(spec.path)}
            onValue={(v) => set(spec.path, v)}
            disabled={fixed}
            {...(allow ? { allow } : {})}
            {...(hint ? { hint } : {})}
          />
        );
      }
      case 'references':
        return <ReferencesField key={spec.path} {...common} projectId={projectId} branchId={branchId} section={spec.section} value={(values[spec.path] as string[]) ?? []} onValue={(v) => set(spec.path, v)} />;
    }
  };

  return (
    <div class="record-form" ref={container}>
      <Form label={record ? `Edit ${labels.singular}` : `New ${labels.singular}`} onSubmit={() => void save.run(toRecordBody(section, values, record))}>
        {formFields[section].map(control)}
        {hasFactFields(section) ? (
          <fieldset aria-labelledby={headingId}>
            <legend id={headingId}>Truth</legend>
            {factFormFields.map(control)}
            {record && (record as { stale?: unknown }).stale ? <p class="hint">The stale mark stays until a scan finds the evidence again.</p> : null}
          </fieldset>
        ) : null}
        <ErrorNotice error={rest} />
        <div class="actions">
          <button type="submit" disabled={save.pending}>
            {save.pending ? 'Saving…' : record ? 'Save changes' : `Create ${labels.singular}`}
          </button>
          <Link class="button secondary" href={record ? recordHref(workspaceId, projectId, branchId, section, record.id) : sectionListHref(workspaceId, projectId, branchId, section)}>
            Cancel
          </Link>
        </div>
      </Form>
      <JsonEditor {...props} />
    </div>
  );
}
