/** A resource over the fixture world's model, priced by the workspace's price: the example body of the resource endpoints. */
export const resourceExample = (id: string | null, name: string) => ({
  id,
  elementId: '{model_orders}',
  name,
  category: 'compute',
  provider: 'azure',
  region: 'westeurope',
  sku: 'D2s v5',
  quantity: '2',
  unit: null,
  priceRef: '{priceId}',
  usage: [{ label: 'Hours', quantity: null, assumptionId: '{assumptionId}', unit: 'hours' }],
  factStatus: null,
  provenance: null,
});

/** The example body of the assumption endpoints. */
export const assumptionExample = (id: string | null, name: string) => ({ id, name, kind: 'usage', subjectId: null, value: '730', unit: 'hours', label: 'declared', source: null, effectiveDate: '2025-01-01' });
