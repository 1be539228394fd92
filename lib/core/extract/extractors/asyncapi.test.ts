import { describe, expect, it } from 'vitest';
import type { ChannelDraft, FactDraft, MessageDraft, SubscriptionDraft } from '../file-facts';
import { asyncapiExtractor } from './asyncapi';

const channels = (facts: FactDraft[]) => facts.filter((draft): draft is ChannelDraft => draft.draft === 'channel');
const messages = (facts: FactDraft[]) => facts.filter((draft): draft is MessageDraft => draft.draft === 'message');
const subscriptions = (facts: FactDraft[]) => facts.filter((draft): draft is SubscriptionDraft => draft.draft === 'subscription');

describe('AsyncAPI channel and message scopes', () => {
  it('scopes a channel and its messages to the broker host its document names', () => {
    const text = 'asyncapi: 2.6.0\ninfo: {title: Billing}\nservers:\n  prod: {url: "amqps://user:pw@Broker.Internal:5671", protocol: amqps}\nchannels:\n  invoices:\n    publish:\n      message: {name: InvoiceDue}\n';
    const { facts } = asyncapiExtractor.extract('billing/asyncapi.yaml', text);
    expect(channels(facts)).toMatchObject([{ name: 'invoices', scope: { broker: 'broker.internal' } }]);
    expect(messages(facts)).toMatchObject([{ name: 'InvoiceDue', scope: { broker: 'broker.internal' } }]);
    expect(subscriptions(facts)).toMatchObject([{ channelKey: 'channel://broker.internal/invoices' }]);
  });

  it('scopes to the document when no server names a broker (none, or only this machine)', () => {
    for (const servers of ['', 'servers:\n  dev: {url: "localhost:5672", protocol: amqp}\n']) {
      const text = `asyncapi: 2.6.0\ninfo: {title: Probe}\n${servers}channels:\n  heartbeat:\n    subscribe:\n      message: {name: Heartbeat}\n`;
      const { facts } = asyncapiExtractor.extract('tools/probe/asyncapi.yaml', text);
      expect(channels(facts)).toMatchObject([{ name: 'heartbeat', scope: { document: 'tools/probe/asyncapi.yaml' } }]);
      expect(messages(facts)).toMatchObject([{ name: 'Heartbeat', scope: { document: 'tools/probe/asyncapi.yaml' } }]);
    }
  });

  it('takes the first broker host in code-unit order, whatever order the servers come in', () => {
    const text = (first: string, second: string) =>
      `asyncapi: 3.0.0\ninfo: {title: T}\nservers:\n  a: {host: "${first}", protocol: kafka}\n  b: {host: "${second}", protocol: kafka}\nchannels:\n  c: {address: orders}\n`;
    expect(channels(asyncapiExtractor.extract('t.yaml', text('kafka-2:9092', 'kafka-1:9092')).facts)).toMatchObject([{ scope: { broker: 'kafka-1' } }]);
    expect(channels(asyncapiExtractor.extract('t.yaml', text('kafka-1:9092', 'kafka-2:9092')).facts)).toMatchObject([{ scope: { broker: 'kafka-1' } }]);
  });

  it('follows a server kept under components', () => {
    const text = 'asyncapi: 3.0.0\ninfo: {title: T}\nservers:\n  main: {$ref: "#/components/servers/main"}\nchannels:\n  c: {address: orders}\ncomponents:\n  servers:\n    main: {host: "kafka.internal:9092", protocol: kafka}\n';
    expect(channels(asyncapiExtractor.extract('t.yaml', text).facts)).toMatchObject([{ scope: { broker: 'kafka.internal' } }]);
  });

  it('uses only the servers a channel is limited to (2.x names, 3.x references)', () => {
    const v2 = 'asyncapi: 2.6.0\ninfo: {title: T}\nservers:\n  a: {url: "mqtt://alpha", protocol: mqtt}\n  z: {url: "mqtt://zulu", protocol: mqtt}\nchannels:\n  telemetry:\n    servers: [z]\n';
    expect(channels(asyncapiExtractor.extract('t.yaml', v2).facts)).toMatchObject([{ scope: { broker: 'zulu' } }]);
    const v3 = 'asyncapi: 3.0.0\ninfo: {title: T}\nservers:\n  a: {host: alpha, protocol: mqtt}\n  z: {host: zulu, protocol: mqtt}\nchannels:\n  telemetry:\n    servers:\n      - $ref: "#/servers/z"\n';
    expect(channels(asyncapiExtractor.extract('t.yaml', v3).facts)).toMatchObject([{ scope: { broker: 'zulu' } }]);
  });
});

describe('AsyncAPI 3 replies', () => {
  const document = (action: 'send' | 'receive', reply: string) => `asyncapi: 3.0.0
info: {title: Pricing}
servers:
  broker: {host: rabbitmq, protocol: amqp}
channels:
  requests:
    address: price.requests
    messages:
      PriceAsked: {payload: {type: object}}
  replies:
    address: null
    messages:
      PriceGiven: {payload: {type: object}}
operations:
  ask:
    action: ${action}
    channel: {$ref: "#/channels/requests"}
${reply}components:
  replies:
    Price:
      channel: {$ref: "#/channels/replies"}
      messages:
        - $ref: "#/channels/replies/messages/PriceGiven"
`;
  const owner = { by: 'document-owner', folder: '' };

  it('makes a sender the consumer of the reply, subscribed to the reply channel', () => {
    const { facts } = asyncapiExtractor.extract('p.yaml', document('send', '    reply:\n      channel: {$ref: "#/channels/replies"}\n'));
    expect(messages(facts)).toMatchObject([
      { name: 'PriceAsked', producer: owner, consumers: [] },
      { name: 'PriceGiven', producer: null, consumers: [owner], evidence: [{ startLine: 13, endLine: 13 }, { startLine: 18, endLine: 19 }] },
    ]);
    // A reply channel whose address is null (given at run time) is named by its id.
    expect(subscriptions(facts)).toMatchObject([{ channelKey: 'channel://rabbitmq/replies', consumer: owner }]);
  });

  it('makes a receiver the producer of the reply, following a reply kept under components', () => {
    const { facts } = asyncapiExtractor.extract('p.yaml', document('receive', '    reply: {$ref: "#/components/replies/Price"}\n'));
    expect(messages(facts)).toMatchObject([
      { name: 'PriceAsked', producer: null, consumers: [owner] },
      { name: 'PriceGiven', producer: owner, consumers: [] },
    ]);
    expect(subscriptions(facts).map((draft) => draft.channelKey)).toEqual(['channel://rabbitmq/price.requests']);
  });

  it('reads the messages of a reply that names no channel, on the document’s broker, with no subscription', () => {
    const { facts } = asyncapiExtractor.extract('p.yaml', document('send', '    reply:\n      address: {location: "$message.header#/replyTo"}\n      messages:\n        - $ref: "#/channels/replies/messages/PriceGiven"\n'));
    expect(messages(facts)).toMatchObject([{ name: 'PriceAsked' }, { name: 'PriceGiven', consumers: [owner], scope: { broker: 'rabbitmq' } }]);
    expect(subscriptions(facts)).toEqual([]);
  });
});
