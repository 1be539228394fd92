/**
 * The shop the sequence-diagram tests play over, and the scenarios whose
 * diagrams are kept as golden files: a plain call, a time-out with retries,
 * a fault with a dead letter, an onError branch, a topic fan-out, and
 * parallel branches.
 */
import type { ModelSnapshot } from '../../lib/core/model/model-records';
import { binding, branchStep, callStep, channel, element, fault, guid, message, modelOf, operation, parallelStep, publishStep, scenarioOf, subscription, writeStep } from './playback-fixtures';
import type { ScenarioDocument } from '../../lib/core/playback/scenario-document';

export const shop = {
  shop: guid(0x100),
  customer: guid(0x101),
  web: guid(0x102),
  orders: guid(0x103),
  ordersDb: guid(0x104),
  stock: guid(0x105),
  billing: guid(0x106),
  shipping: guid(0x107),
  audit: guid(0x108),
  placeOrder: guid(0x201),
  reserveStock: guid(0x202),
  releaseStock: guid(0x203),
  ordersExchange: guid(0x301),
  orderEvents: guid(0x302),
  billingQueue: guid(0x303),
  billingDead: guid(0x304),
  orderPlaced: guid(0x401),
  billingSubscription: guid(0x501),
  shippingSubscription: guid(0x502),
  auditSubscription: guid(0x503),
  toBilling: guid(0x601),
  eventsToBilling: guid(0x602),
} as const;

/** Web calls Orders (PlaceOrder: 1000 ms, 3 attempts 200 ms apart) and Stock; Orders publishes OrderPlaced to Billing (2 attempts, dead letters), Shipping and Audit. */
export function sequenceShopModel(): ModelSnapshot {
  const s = shop;
  return modelOf([
    element({ id: s.shop, kind: 'system', name: 'Shop' }),
    element({ id: s.customer, kind: 'actor', name: 'Customer' }),
    element({ id: s.web, kind: 'app', name: 'Web shop', parentId: s.shop }),
    element({ id: s.orders, kind: 'app', name: 'Orders', parentId: s.shop }),
    element({ id: s.ordersDb, kind: 'store', name: 'Orders DB', parentId: s.shop }),
    element({ id: s.stock, kind: 'app', name: 'Stock', parentId: s.shop }),
    element({ id: s.billing, kind: 'app', name: 'Billing', parentId: s.shop }),
    element({ id: s.shipping, kind: 'app', name: 'Shipping', parentId: s.shop }),
    element({ id: s.audit, kind: 'component', name: 'Audit; log', parentId: s.orders }),
    operation({ id: s.placeOrder, ownerId: s.orders, name: 'PlaceOrder', timeoutMs: 1000, retry: { maxAttempts: 3, backoffMs: 200 } }),
    operation({ id: s.reserveStock, ownerId: s.stock, name: 'ReserveStock', transport: 'grpc', timeoutMs: 500 }),
    operation({ id: s.releaseStock, ownerId: s.stock, name: 'ReleaseStock', transport: 'grpc' }),
    channel({ id: s.ordersExchange, kind: 'exchange', name: 'orders' }),
    channel({ id: s.orderEvents, kind: 'topic', name: 'order-events' }),
    channel({ id: s.billingQueue, kind: 'queue', name: 'billing' }),
    channel({ id: s.billingDead, kind: 'queue', name: 'billing-dead' }),
    message({ id: s.orderPlaced, producerId: s.orders, consumerIds: [s.billing, s.shipping, s.audit], name: 'OrderPlaced' }),
    subscription({ id: s.billingSubscription, channelId: s.billingQueue, consumerId: s.billing, retry: { maxAttempts: 2, backoffMs: 1000 }, deadLetterChannelId: s.billingDead }),
    subscription({ id: s.shippingSubscription, channelId: s.orderEvents, consumerId: s.shipping }),
    subscription({ id: s.auditSubscription, channelId: s.orderEvents, consumerId: s.audit }),
    binding({ id: s.toBilling, sourceChannelId: s.ordersExchange, targetChannelId: s.billingQueue, routingKey: 'order.*' }),
    binding({ id: s.eventsToBilling, sourceChannelId: s.orderEvents, targetChannelId: s.billingQueue }),
  ]);
}

const named = (id: string, name: string, document: ScenarioDocument): ScenarioDocument => ({ ...document, id, name });

/** The scenarios with golden diagrams, by golden file name. */
export function sequenceScenarios(): Record<string, ScenarioDocument> {
  const s = shop;
  const save = writeStep('save', s.orders, s.ordersDb, 'orders');
  return {
    'plain-call': named(guid(0x901), 'Place an order', scenarioOf([callStep('place', s.web, s.placeOrder, { then: [save] })])),
    'timeout-retries': named(guid(0x902), 'Orders answers late twice', scenarioOf([callStep('place', s.web, s.placeOrder, { then: [save] })], [fault(s.placeOrder, 'Timeout', 2)])),
    'dead-letter': named(
      guid(0x903),
      'Billing fails every delivery',
      scenarioOf(
        [
          publishStep('announce', s.orders, s.ordersExchange, s.orderPlaced, {
            routingKey: 'order.placed',
            handlers: { [s.billingSubscription]: [writeStep('invoice', s.billing, s.ordersDb, 'invoices')] },
          }),
        ],
        [fault(s.billingSubscription, 'Error')],
      ),
    ),
    'on-error-branch': named(
      guid(0x904),
      'Stock is down: release and tell the customer',
      scenarioOf(
        [
          callStep('reserve', s.web, s.reserveStock, { onError: [callStep('release', s.web, s.releaseStock), writeStep('note-failure', s.web, s.ordersDb, 'failures')] }),
          branchStep('if-reserved', 'reserve', 'Succeeded', [callStep('place', s.web, s.placeOrder)], [writeStep('apologise', s.web, s.ordersDb, 'apologies')]),
        ],
        [fault(s.stock, 'Outage', 1)],
      ),
    ),
    'topic-fan-out': named(
      guid(0x905),
      'OrderPlaced reaches every consumer',
      scenarioOf([
        publishStep('announce', s.orders, s.orderEvents, s.orderPlaced, {
          handlers: {
            [s.shippingSubscription]: [writeStep('ship', s.shipping, s.ordersDb, 'shipments')],
            [s.auditSubscription]: [writeStep('log', s.audit, s.ordersDb, 'audit')],
            [s.billingSubscription]: [writeStep('invoice', s.billing, s.ordersDb, 'invoices')],
          },
        }),
      ]),
    ),
    'parallel-branches': named(
      guid(0x906),
      'Reserve and place at once',
      scenarioOf(
        [
          parallelStep('both', [[callStep('reserve', s.web, s.reserveStock)], [callStep('place', s.web, s.placeOrder, { then: [save] })]]),
          writeStep('done', s.web, s.ordersDb, 'done'),
        ],
        [fault(s.reserveStock, 'Timeout', 1)],
      ),
    ),
  };
}
