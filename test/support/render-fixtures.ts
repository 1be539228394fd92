/**
 * A small shop model and its views for the renderer tests, the golden files,
 * the sample picture in docs/ and the export benchmark.
 */
import { snapshotFromRecords } from '../../lib/core/model/model-document';
import type { ElementRecord, ModelSnapshot, RelationshipRecord } from '../../lib/core/model/model-records';
import { element, guid, relationship } from './model-fixtures';
import type { RenderableView, RenderSource } from '../../lib/core/render/view-contents';

export const ids = {
  customer: guid(1),
  shop: guid(2),
  web: guid(3),
  api: guid(4),
  orders: guid(5),
  pricing: guid(6),
  payments: guid(7),
  warehouse: guid(8),
  audit: guid(9),
  clerk: guid(10),
} as const;

/** A model from element and relationship records. */
export function modelOf(elements: readonly ElementRecord[], relationships: readonly RelationshipRecord[] = []): ModelSnapshot {
  return snapshotFromRecords([
    ...elements.map((record) => ({ kind: 'element' as const, record })),
    ...relationships.map((record) => ({ kind: 'relationship' as const, record })),
  ]);
}

/** The shop: people, systems, containers, a component, every fact label, a stale mark, every line shape. */
export function shopModel(): ModelSnapshot {
  return modelOf(
    [
      element({ id: ids.customer, kind: 'actor', name: 'Customer', description: 'Buys things from the shop, on the web or the phone app.' }),
      element({ id: ids.shop, kind: 'system', name: 'Shop', technology: 'Kubernetes', description: 'Takes orders, charges cards and hands parcels to the warehouse.' }),
      element({ id: ids.web, kind: 'app', name: 'Web App', technology: 'React', parentId: ids.shop, description: 'The storefront people browse and order in.' }),
      element({ id: ids.api, kind: 'app', name: 'API', technology: 'Node.js', parentId: ids.shop, factStatus: 'observed-in-source', description: 'Orders, carts and prices behind one JSON API.' }),
      element({ id: ids.orders, kind: 'store', name: 'Orders DB', technology: 'PostgreSQL 16', parentId: ids.shop, factStatus: 'measured' }),
      element({ id: ids.pricing, kind: 'component', name: 'Pricing', technology: 'TypeScript', parentId: ids.api, description: 'Applies discounts and taxes.' }),
      element({
        id: ids.payments,
        kind: 'system',
        name: 'Payment Provider',
        technology: 'SaaS',
        factStatus: 'inferred',
        stale: { sinceRevision: guid(99), reason: 'renamed in the code' },
        description: 'An external card processor that the shop calls to charge and refund cards; it answers within two seconds and retries webhooks for a day.',
      }),
      element({ id: ids.warehouse, kind: 'system', name: 'Warehouse', factStatus: 'unknown', description: 'Picks, packs and ships.' }),
      element({ id: ids.audit, kind: 'store', name: 'Audit Log', technology: 'S3' }),
      element({ id: ids.clerk, kind: 'actor', name: 'Clerk', parentId: ids.warehouse }),
    ],
    [
      relationship({ id: guid(101), fromId: ids.customer, toId: ids.shop, label: 'Places orders', technology: 'HTTPS' }),
      relationship({ id: guid(102), fromId: ids.shop, toId: ids.payments, label: 'Charges cards', technology: 'REST', kind: 'behavioural', lineShape: 'step' }),
      relationship({ id: guid(103), fromId: ids.shop, toId: ids.warehouse, label: 'Ships orders', technology: 'AMQP', kind: 'behavioural', lineShape: 'curve' }),
      relationship({ id: guid(104), fromId: ids.warehouse, toId: ids.shop, label: 'Stock updates', lineShape: 'straight', factStatus: 'inferred' }),
      relationship({ id: guid(105), fromId: ids.shop, toId: ids.audit, label: 'Writes audit entries', technology: 'JDBC', stale: { sinceRevision: guid(98), reason: 'table dropped' } }),
      relationship({ id: guid(106), fromId: ids.web, toId: ids.api, label: 'Calls', technology: 'JSON/HTTPS', kind: 'behavioural' }),
      relationship({ id: guid(107), fromId: ids.api, toId: ids.orders, label: 'Reads and writes', technology: 'SQL' }),
      relationship({ id: guid(108), fromId: ids.api, toId: ids.pricing, label: 'Prices carts' }),
      relationship({ id: guid(109), fromId: ids.customer, toId: ids.web, label: 'Browses' }),
      relationship({ id: guid(110), fromId: ids.web, toId: ids.api, label: 'Calls', technology: 'WebSocket' }),
      relationship({ id: guid(111), fromId: ids.payments, toId: ids.payments, label: 'Retries webhooks' }),
    ],
  );
}

/** The shop's views: the landscape (two saved positions), the shop's containers, the API's components, one rooted at a person, the landscape arranged by hand (the picture in docs/). */
export function shopViews(): RenderableView[] {
  return [
    {
      id: guid(201),
      name: 'System landscape',
      rootElementId: null,
      positions: [
        { elementId: ids.customer, x: 0, y: 0 },
        { elementId: ids.shop, x: 400, y: 0 },
        { elementId: ids.web, x: 5000, y: 5000 },
      ],
    },
    { id: guid(202), name: 'Shop containers', rootElementId: ids.shop, positions: [] },
    { id: guid(203), name: 'API components', rootElementId: ids.api, positions: [] },
    { id: guid(204), name: 'Customer', rootElementId: ids.customer, positions: [] },
    {
      id: guid(205),
      name: 'Landscape, arranged',
      rootElementId: null,
      positions: [
        { elementId: ids.customer, x: 0, y: 0 },
        { elementId: ids.shop, x: 420, y: 0 },
        { elementId: ids.payments, x: 860, y: 0 },
        { elementId: ids.audit, x: 420, y: 280 },
        { elementId: ids.warehouse, x: 860, y: 280 },
      ],
    },
  ];
}

export const revisionSource: RenderSource = { kind: 'revision', id: guid(301), name: 'Release 1.4', modelVersion: 42 };
export const mainSource: RenderSource = { kind: 'stream', name: 'main', modelVersion: 57 };
