import { useState } from 'preact/hooks';
import { Form, TextAreaField, TextField } from '../../components/form';
import { useAction } from '../../components/use-load';
import { FormProblem } from '../account/form-problem';
import { type CustomPriceRequest, type PriceEntry, pricesApi, todayUtc } from './prices-api';

type Values = Record<keyof CustomPriceRequest, string>;

const fields = ['provider', 'region', 'sku', 'description', 'unit', 'unitPrice', 'currency', 'effectiveDate'] as const;

const blank = (): Values => ({ provider: '', region: '', sku: '', description: '', unit: '', unitPrice: '', currency: 'USD', effectiveDate: todayUtc() });

/**
 * A custom price (POST W/prices). Every field is sent; an empty region, description or unit
 * price is sent as null, so the API's own rule answers (a price needs an amount) beside the field.
 */
export function CustomPriceForm({ workspaceId, onAdded }: { workspaceId: string; onAdded: (price: PriceEntry) => void }) {
  const [values, setValues] = useState<Values>(blank);
  const set = (field: keyof Values) => (value: string) => setValues((v) => ({ ...v, [field]: value }));
  const nullIfEmpty = (text: string) => (text.trim() === '' ? null : text);
  const submit = useAction(async () => {
    const added = await pricesApi.create(workspaceId, {
      ...values,
      region: nullIfEmpty(values.region),
      description: nullIfEmpty(values.description),
      unitPrice: nullIfEmpty(values.unitPrice),
    });
    setValues(blank());
    onAdded(added);
  });
  const error = submit.error;
  return (
    <Form label="Add a custom price" class="prices-form" onSubmit={() => void submit.run()}>
      <FormProblem error={error} fields={fields} />
      <div class="prices-field-grid">
        <TextField label="Provider" field="provider" error={error} value={values.provider} onValue={set('provider')} hint="Free text, e.g. aws, azure, on-premises." />
        <TextField label="Region (optional)" field="region" error={error} value={values.region} onValue={set('region')} />
        <TextField label="SKU" field="sku" error={error} value={values.sku} onValue={set('sku')} spellcheck={false} />
        <TextField label="Unit" field="unit" error={error} value={values.unit} onValue={set('unit')} hint="What one unit price buys, e.g. 1 Hour, 1 GB/Month." />
        <TextField label="Unit price" field="unitPrice" error={error} value={values.unitPrice} onValue={set('unitPrice')} hint="A decimal such as 0.0104; kept exactly as written." spellcheck={false} />
        <TextField label="Currency" field="currency" error={error} value={values.currency} onValue={set('currency')} hint="ISO 4217 code in capitals, e.g. USD, EUR." spellcheck={false} />
        <TextField label="Effective from" field="effectiveDate" type="date" error={error} value={values.effectiveDate} onValue={set('effectiveDate')} />
      </div>
      <TextAreaField label="Description (optional)" field="description" error={error} value={values.description} onValue={set('description')} rows={2} />
      <div class="actions">
        <button type="submit" disabled={submit.pending}>
          {submit.pending ? 'Adding…' : 'Add price'}
        </button>
      </div>
    </Form>
  );
}
