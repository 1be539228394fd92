/**
 * Agreement of matchTopicPattern with a real RabbitMQ topic exchange (part 1
 * playback rule 8: "matches it as an AMQP topic pattern"). Binds one queue per
 * generated pattern, publishes every generated routing key, and compares what
 * each queue received with what our matcher says, key by key.
 *
 * Needs a broker at AMQP_URL (default amqp://guest:guest@127.0.0.1:5672). When
 * none answers, the test starts one with `rabbitmq-server -detached` if that
 * command exists (and stops it at the end), and otherwise skips, printing how
 * to run it. It deletes its exchange and queues when done.
 */
import { execFile } from 'node:child_process';
import { connect as connectTcp } from 'node:net';
import amqp, { type ChannelModel, type ConfirmChannel } from 'amqplib';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compileTopicPattern, matchTopicPattern, topicWords } from './topic-pattern';

const url = process.env.AMQP_URL ?? 'amqp://guest:guest@127.0.0.1:5672';
const howToRun =
  'to run it: start RabbitMQ (`apt-get install -y rabbitmq-server`, then `rabbitmq-server -detached`) or set AMQP_URL, and run `npx vitest run lib/core/playback/topic-routing.broker.test.ts`';

function portOpen(host: string, port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connectTcp({ host, port });
    const done = (open: boolean) => {
      socket.destroy();
      resolve(open);
    };
    socket.setTimeout(1000, () => done(false));
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
  });
}

async function startLocalBroker(host: string, port: number): Promise<string | null> {
  const started = await new Promise<string | null>((resolve) => {
    execFile('rabbitmq-server', ['-detached'], { timeout: 30_000 }, (error) => resolve(error ? `rabbitmq-server -detached failed: ${error.message}` : null));
  });
  if (started !== null) return started;
  for (let waited = 0; waited < 60; waited++) {
    if (await portOpen(host, port)) return null;
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
  return `rabbitmq-server started but nothing answered on ${host}:${port} within 60 s`;
}

/** Set when this test started the broker, so that it stops it again. */
let startedBroker = false;

/** A connection, or the reason there is none. */
async function brokerConnection(): Promise<ChannelModel | string> {
  const { hostname, port } = new URL(url);
  const portNumber = Number(port || 5672);
  if (!(await portOpen(hostname, portNumber))) {
    const isLocal = hostname === '127.0.0.1' || hostname === 'localhost';
    if (!isLocal) return `no AMQP broker answers at ${hostname}:${portNumber}`;
    const failure = await startLocalBroker(hostname, portNumber);
    startedBroker = failure === null;
    if (failure !== null) return `no AMQP broker at ${hostname}:${portNumber}, and starting one did not work (${failure})`;
  }
  // The port can accept before the broker takes AMQP connections: retry a little.
  let lastError: unknown;
  for (let attempt = 0; attempt < 20; attempt++) {
    try {
      return await amqp.connect(url);
    } catch (error) {
      lastError = error;
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  }
  return `the AMQP broker at ${hostname}:${portNumber} refused the connection (${(lastError as Error).message})`;
}

// Edge cases first, then generated ones: words from a tiny alphabet so that patterns and keys meet often.
const edgePatterns = ['#', '*', '#.#', 'a.#.b', 'a..b', '', '*.#', '#.*', 'a.*.#', '#.a.#', 'a.#.#.b', '*.*', '.', 'a.', '.a', '#.', '.#', '*.a', 'a.*', '#.#.a', '*.*.*', 'a.b.c', 'a*', '#a', 'a.#'];
const edgeKeys = ['', 'a', 'b', 'a.b', 'a.c.b', 'a..b', '.', 'a.', '.a', '..', 'a.b.c', 'x.a.y', 'a.a.b.b', 'b.a', 'a*', '#a', '*', '#', 'a.*', 'a.#'];
const word = fc.constantFrom('a', 'b', 'c', '');
const patternWord = fc.constantFrom('a', 'b', '', '*', '#', '*', '#');
const seed = 20240611;
const generatedPatterns = fc.sample(fc.array(patternWord, { minLength: 1, maxLength: 5 }), { numRuns: 60, seed }).map((words) => words.join('.'));
const generatedKeys = fc.sample(fc.array(word, { minLength: 0, maxLength: 5 }), { numRuns: 120, seed: seed + 1 }).map((words) => words.join('.'));
const patterns = [...new Set([...edgePatterns, ...generatedPatterns])];
const keys = [...new Set([...edgeKeys, ...generatedKeys])];

describe('topic routing agrees with RabbitMQ', () => {
  let connection: ChannelModel | null = null;
  let channel: ConfirmChannel | null = null;
  let skipReason: string | null = null;
  const exchange = `svc-playback-topic-test-${process.pid}`;
  const queues: string[] = [];

  beforeAll(async () => {
    const found = await brokerConnection();
    if (typeof found === 'string') {
      skipReason = `${found}; ${howToRun}`;
      console.warn(`SKIPPED topic-routing broker test: ${skipReason}`);
      return;
    }
    connection = found;
    channel = await connection.createConfirmChannel();
  }, 120_000);

  afterAll(async () => {
    if (channel && connection) {
      for (const queue of queues) await channel.deleteQueue(queue);
      await channel.deleteExchange(exchange);
      await channel.close();
      await connection.close();
    }
    if (startedBroker) {
      await new Promise((resolve) => execFile('rabbitmqctl', ['shutdown'], { timeout: 60_000 }, resolve));
    }
  }, 90_000);

  it('every generated routing key reaches exactly the queues whose pattern our matcher says it matches', async (context) => {
    if (skipReason !== null || !channel) {
      context.skip();
      return;
    }
    await channel.assertExchange(exchange, 'topic', { durable: false, autoDelete: false });
    for (const pattern of patterns) {
      const { queue } = await channel.assertQueue('', { exclusive: true, durable: false });
      queues.push(queue);
      await channel.bindQueue(queue, exchange, pattern);
    }
    keys.forEach((key, index) => {
      channel!.publish(exchange, key, Buffer.from(String(index)));
    });
    await channel.waitForConfirms();

    const disagreements: string[] = [];
    let matches = 0;
    for (let p = 0; p < patterns.length; p++) {
      const received = new Set<string>();
      for (let message = await channel.get(queues[p]!, { noAck: true }); message; message = await channel.get(queues[p]!, { noAck: true })) {
        received.add(keys[Number(message.content.toString())]!);
      }
      const compiled = compileTopicPattern(patterns[p]!);
      for (const key of keys) {
        const ours = matchTopicPattern(compiled, key, topicWords(key));
        if (ours) matches++;
        if (ours !== received.has(key)) disagreements.push(`pattern ${JSON.stringify(patterns[p])} key ${JSON.stringify(key)}: broker ${received.has(key)}, ours ${ours}`);
      }
    }
    console.info(`topic-routing broker test: ${patterns.length} patterns × ${keys.length} keys, ${matches} matches, ${disagreements.length} disagreements`);
    expect(disagreements).toEqual([]);
    // The generated sets meet often enough to be a real check.
    expect(matches).toBeGreaterThan(200);
  }, 60_000);
});
