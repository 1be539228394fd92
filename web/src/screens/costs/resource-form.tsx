import { useEffect, useRef, useState } from 'preact/hooks';
import { Form, SelectField, TextField } from '../../components/form';
import { truthLabels } from '../../components/truth-badges';
import { useAction } from '../../components/use-load';
import { FormProblem } from '../account/form-problem';
import { ReferenceField } from '../model/reference-field';
import { type PriceEntry, priceSummary } from '../prices/prices-api';
import { type CostAssumption, type CostResource, type CostSheet, costsApi, type ResourceRequest } from './costs-api';
import { type UsageLineValues, UsageLinesField, usageLineOf, usageLineValues } from './usage-lines-field';

interface Values {
  elementId: string;
  name: string;
  category: string;
  provider: string;
  region: string;
  sku: string;
  quantity: string;
  unit: string;
  priceRef: string;
  factStatus: string;
  provenanceSource: string;
  provenanceRevision: string;
  provenanceConfidence: string;
}

function valuesOf(resource: CostResource | null): Values {
  return {
    elementId: resource?.elementId ?? '',
    name: resource?.name ?? '',
    category: resource?.category ?? '',
    provider: resource?.provider ?? '',
    region: resource?.region ?? '',
    sku: resource?.sku ?? '',
    quantity: resource?.quantity ?? '',
    unit: resource?.unit ?? '',
    priceRef: resource?.priceRef ?? '',
    factStatus: resource?.factStatus ?? 'declared',
    provenanceSource: resource?.provenance?.source ?? '',
    provenanceRevision: resource?.provenance?.revision ?? '',
    provenanceConfidence: resource?.provenance?.confidence == null ? '' : String(resource.provenance.confidence),
  };
}

const orNull = (text: string) => (text.trim() === '' ? null : text.trim());

/** A confidence is a number from 0 to 1 (not money): a text that is no number goes as typed, for the API to refuse. */
function confidenceOf(text: string): number | string | null {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  const number = Number(trimmed);
  return Number.isFinite(number) ? number : trimmed;
}

/** The resource request: every field present (part 1), quantities as the decimal text typed. */
function requestOf(values: Values, usage: UsageLineValues[], resource: CostResource | null): ResourceRequest {
  const provenance = { source: orNull(values.provenanceSource), revision: orNull(values.provenanceRevision), confidence: confidenceOf(values.provenanceConfidence) };
  const keptAcceptance = { acceptedBy: resource?.provenance?.acceptedBy ?? null, acceptedAt: resource?.provenance?.acceptedAt ?? null };
  return {
    id: resource?.id ?? null,
    elementId: values.elementId,
    name: values.name,
    category: values.category,
    provider: values.provider,
    region: orNull(values.region),
    sku: orNull(values.sku),
    quantity: orNull(values.quantity),
    unit: orNull(values.unit),
    priceRef: orNull(values.priceRef),
    usage: usage.length === 0 ? null : usage.map(usageLineOf),
    factStatus: values.factStatus,
    provenance: Object.values(provenance).every((v) => v === null) ? null : ({ ...provenance, ...keptAcceptance } as CostResource['provenance']),
  };
}

/**
 * Adds or replaces a resource of the sheet. Its element is picked from the line's elements;
 * its price is one of the workspace prices, or left to the look-up by provider, region and SKU
 * (and unit, when given) on the estimate's date.
 */
export function ResourceForm({
  projectId,
  branchId,
  resource,
  assumptions,
  prices,
  onSaved,
  onCancel,
}: {
  projectId: string;
  branchId: string | null;
  resource: CostResource | null;
  assumptions: readonly CostAssumption[];
  prices: { items: PriceEntry[]; more: boolean } | undefined;
  onSaved: (sheet: CostSheet) => void;
  onCancel: () => void;
}) {
  const [values, setValues] = useState<Values>(() => valuesOf(resource));
  const [usage, setUsage] = useState<UsageLineValues[]>(() => (resource?.usage ?? []).map(usageLineValues));
  const set = (field: keyof Values) => (value: string) => setValues((v) => ({ ...v, [field]: value }));
  const save = useAction(async () => {
    const body = requestOf(values, usage, resource);
    const sheet = resource ? await costsApi.replaceResource(projectId, branchId, resource.id, body) : await costsApi.addResource(projectId, branchId, body);
    onSaved(sheet);
  });
  const pickPrice = (priceRef: string) => {
    const price = prices?.items.find((p) => p.id === priceRef);
    // A named price says what it is: fill what the resource leaves blank from it.
    setValues((v) => ({ ...v, priceRef, provider: v.provider || (price?.provider ?? ''), region: v.region || (price?.region ?? ''), sku: v.sku || (price?.sku ?? '') }));
  };
  const heading = useRef<HTMLHeadingElement>(null);
  // The button that opened the form is gone: the focus goes to the form's heading, not to the page's top.
  useEffect(() => heading.current?.focus(), []);
  const error = save.error;
  const usageFields = usage.flatMap((line, i) => [`usage[${i}].label`, `usage[${i}].unit`, line.source === 'quantity' ? `usage[${i}].quantity` : `usage[${i}].assumptionId`]);
  const drawn = ['elementId', 'name', 'category', 'provider', 'region', 'sku', 'quantity', 'unit', 'priceRef', 'usage', 'factStatus', 'provenance.source', 'provenance.revision', 'provenance.confidence', ...usageFields];
  const priceOptions = [
    { value: '', label: 'Look up by provider, region and SKU on the estimate date' },
    ...(values.priceRef !== '' && !prices?.items.some((p) => p.id === values.priceRef) ? [{ value: values.priceRef, label: `price ${values.priceRef}` }] : []),
    ...(prices?.items ?? []).map((p) => ({ value: p.id, label: priceSummary(p) })),
  ];
  const title = resource ? `Edit resource “${resource.name}”` : 'New resource';
  return (
    <Form label={title} class="costs-form" onSubmit={() => void save.run()}>
      <h3 ref={heading} tabIndex={-1}>
        {title}
      </h3>
      <FormProblem error={error} fields={drawn} />
      <div class="costs-field-grid">
        <ReferenceField projectId={projectId} branchId={branchId} label="Element" field="elementId" section="elements" error={error} nullable={false} value={values.elementId} onValue={set('elementId')} hint="The element of this line's model the resource serves." />
        <TextField label="Name" field="name" error={error} value={values.name} onValue={set('name')} />
        <TextField label="Category" field="category" error={error} value={values.category} onValue={set('category')} hint="e.g. compute, storage, network." />
        <TextField label="Provider" field="provider" error={error} value={values.provider} onValue={set('provider')} />
        <TextField label="Region (optional)" field="region" error={error} value={values.region} onValue={set('region')} />
        <TextField label="SKU (optional)" field="sku" error={error} value={values.sku} onValue={set('sku')} spellcheck={false} />
        <TextField label="Quantity (optional)" field="quantity" error={error} value={values.quantity} onValue={set('quantity')} hint="A decimal; empty counts as 1." spellcheck={false} />
        <TextField label="Unit (optional)" field="unit" error={error} value={values.unit} onValue={set('unit')} hint="When given, a looked-up price must have this unit." />
      </div>
      <SelectField
        label="Price"
        field="priceRef"
        error={error}
        value={values.priceRef}
        onValue={pickPrice}
        options={priceOptions}
        hint={prices?.more ? 'The first 1000 workspace prices are listed.' : prices === undefined ? 'Reading the workspace prices…' : undefined}
      />
      <UsageLinesField lines={usage} onLines={setUsage} assumptions={assumptions} error={error} />
      <div class="costs-field-grid">
        <SelectField label="Truth label" field="factStatus" error={error} value={values.factStatus} onValue={set('factStatus')} options={truthLabels.map((l) => ({ value: l, label: l }))} />
        <TextField label="Provenance source" field="provenance.source" error={error} value={values.provenanceSource} onValue={set('provenanceSource')} hint="Required for observed-in-source, inferred and measured." />
        <TextField label="Provenance revision" field="provenance.revision" error={error} value={values.provenanceRevision} onValue={set('provenanceRevision')} />
        <TextField label="Confidence" field="provenance.confidence" error={error} value={values.provenanceConfidence} onValue={set('provenanceConfidence')} hint="0 to 1; required for inferred." />
      </div>
      <div class="actions">
        <button type="submit" disabled={save.pending}>
          {save.pending ? 'Saving…' : resource ? 'Save resource' : 'Add resource'}
        </button>
        <button type="button" class="secondary" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </Form>
  );
}
