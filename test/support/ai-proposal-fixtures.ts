/**
 * A small shop model and the flow and architecture outputs the AI proposal
 * tests submit (or a fake provider answers): a checkout flow that needs a
 * Payments app and its Charge operation, and architecture items that add a
 * Billing system with an Invoices app and change the Orders app.
 */
import { idFor } from './model-api';

const none = { factStatus: 'declared', provenance: null, stale: null };

/** IDs of the shop model, derived from a seed so two projects never share them. */
export function shopIds(seed: string) {
  const id = (label: string) => idFor(seed, label);
  return {
    customer: id('customer'),
    shop: id('shop'),
    web: id('web'),
    orders: id('orders'),
    db: id('db'),
    place: id('o-place'),
    topic: id('c-topic'),
    relWebOrders: id('r-web-orders'),
  };
}

/** The shop model document: an actor, a system with two apps and a store, an operation, a topic. `hostileName` names the Orders app. */
export function shopModel(seed: string, options: { hostileName?: string } = {}) {
  const ids = shopIds(seed);
  return {
    elements: [
      { id: ids.customer, kind: 'actor', name: 'Customer', description: null, technology: null, status: 'current', parentId: null, tags: [], icon: null, ...none },
      { id: ids.shop, kind: 'system', name: 'Shop', description: null, technology: null, status: 'current', parentId: null, tags: [], icon: null, ...none },
      { id: ids.web, kind: 'app', name: 'Web', description: null, technology: 'TypeScript', status: 'current', parentId: ids.shop, tags: [], icon: null, ...none },
      { id: ids.orders, kind: 'app', name: options.hostileName ?? 'Orders', description: 'Takes orders', technology: 'Go', status: 'current', parentId: ids.shop, tags: [], icon: null, ...none },
      { id: ids.db, kind: 'store', name: 'Orders DB', description: null, technology: 'PostgreSQL', status: 'current', parentId: ids.shop, tags: [], icon: null, ...none },
    ],
    relationships: [{ id: ids.relWebOrders, fromId: ids.web, toId: ids.orders, label: 'places orders', technology: 'HTTPS', kind: 'behavioural', lineShape: null, ...none }],
    operations: [{ id: ids.place, ownerId: ids.orders, name: 'PlaceOrder', transport: 'http', requestSchemaId: null, responseSchemaId: null, timeoutMs: 1000, retry: null, ...none }],
    channels: [{ id: ids.topic, name: 'orders-topic', kind: 'topic', ...none }],
  };
}

/** A checkout flow that needs a new Payments app (alias `payments`) and its Charge operation (alias `charge`). */
export function checkoutFlow(seed: string, options: { name?: string; paymentsName?: string } = {}) {
  const ids = shopIds(seed);
  return {
    scenario: {
      name: options.name ?? 'Checkout with payment',
      steps: [
        {
          type: 'call',
          id: 'place',
          from: ids.web,
          operation: ids.place,
          request: { sku: 'A1' },
          response: { ok: true },
          then: [
            { type: 'call', id: 'charge', from: ids.orders, operation: 'charge', request: { amount: 12 }, response: null, then: [], onError: [] },
            { type: 'write', id: 'save', by: ids.orders, store: ids.db, dataset: 'orders', change: { status: 'paid' } },
          ],
          onError: [],
        },
      ],
      faults: [],
      assertions: [
        { type: 'outcome', id: 'charged', step: 'charge', expected: 'Succeeded' },
        { type: 'event-count', id: 'one-charge', kind: 'RequestSent', target: 'charge', expected: 1 },
      ],
    },
    missing: [
      { kind: 'element', alias: 'payments', record: { kind: 'app', name: options.paymentsName ?? 'Payments', description: 'Takes payments', technology: 'Go', status: 'planned', parentId: ids.shop, tags: ['new'] } },
      { kind: 'operation', alias: 'charge', record: { ownerId: 'payments', name: 'Charge', transport: 'http', requestSchemaId: null, responseSchemaId: null, timeoutMs: 500, retry: null } },
    ],
    notes: 'Assumes card payments only.',
  };
}

/** A flow over the shop model alone: nothing missing. */
export function placeOrderFlow(seed: string, name = 'Place an order') {
  const ids = shopIds(seed);
  return {
    scenario: {
      name,
      steps: [{ type: 'call', id: 'place', from: ids.web, operation: ids.place, request: null, response: null, then: [], onError: [] }],
      faults: [],
      assertions: [{ type: 'outcome', id: 'placed', step: 'place', expected: 'Succeeded' }],
    },
    missing: [],
    notes: null,
  };
}

/** Items: add a Billing system (ref billing), an Invoices app in it, a relationship to it, and Orders as it should be. */
export function billingItems(seed: string) {
  const ids = shopIds(seed);
  return {
    items: [
      { kind: 'element', action: 'add', ref: 'billing', id: null, record: { kind: 'system', name: 'Billing', description: null, technology: null, status: 'planned', parentId: null, tags: [] }, confidence: 0.9, rationale: 'Invoices are a concern of their own.' },
      { kind: 'element', action: 'add', ref: 'invoices', id: null, record: { kind: 'app', name: 'Invoices', description: 'Writes invoices', technology: 'Go', status: 'planned', parentId: 'billing', tags: [] }, confidence: 0.7, rationale: 'Orders need invoices.' },
      { kind: 'relationship', action: 'add', ref: null, id: null, record: { fromId: ids.orders, toId: 'invoices', label: 'asks for an invoice', technology: null, kind: 'behavioural' }, confidence: 0.6, rationale: 'Orders calls Invoices after payment.' },
      {
        kind: 'element',
        action: 'update',
        ref: null,
        id: ids.orders,
        record: { kind: 'app', name: 'Orders', description: 'Takes orders and asks for invoices', technology: 'Go', status: 'current', parentId: ids.shop, tags: ['core'] },
        confidence: 0.5,
        rationale: 'The description should say it.',
      },
    ],
    notes: 'Grouped from the model.',
  };
}
