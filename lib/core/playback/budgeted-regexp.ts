/**
 * Regular expressions of model JSON Schemas (`pattern`, `patternProperties`)
 * under the schema-check budget of part 1 "Limits" ("Schema checks per
 * validation | 2 seconds"). JavaScript's engine backtracks: `^(a+)+$` takes
 * seconds on 30 characters and hours on 40, and a test cannot be interrupted.
 * Even a short text is no safe bound (`^(a|a|a|a|a|a|a|a)*$` tries 8^12
 * paths on 12 characters). So every test runs on a worker thread while the
 * caller waits, at most until the deadline; past it the worker is stopped (a
 * new one starts for the next test) and the test throws
 * SchemaBudgetExceeded. Waiting is synchronous (Atomics.wait, then the answer
 * read off the port), so schema checks stay a synchronous library call.
 * Answers are remembered within one validation, so a text repeated in many
 * payloads costs one round trip.
 */
import { MessageChannel, receiveMessageOnPort, Worker, type MessagePort } from 'node:worker_threads';

/** Thrown by a test that could not finish before the deadline. */
export class SchemaBudgetExceeded extends Error {
  override readonly name = 'SchemaBudgetExceeded';
}

// Answers of the current validation, by flags, pattern and text; emptied when a validation starts or the map is full.
const answers = new Map<string, boolean>();
const rememberedAnswers = 4096;
const rememberedTextUnits = 256;

// Self-contained, so that it runs in any bundle (a function bundle has no file of its own for the worker).
const workerSource = `
const { workerData } = require('node:worker_threads');
const { port, signal } = workerData;
const done = new Int32Array(signal);
const compiled = new Map();
port.on('message', ({ pattern, flags, text }) => {
  const key = flags + '/' + pattern;
  let expression = compiled.get(key);
  if (expression === undefined) {
    expression = new RegExp(pattern, flags);
    if (compiled.size > 256) compiled.clear();
    compiled.set(key, expression);
  }
  port.postMessage(expression.test(text));
  Atomics.store(done, 0, 1);
  Atomics.notify(done, 0);
});
`;

interface RegExpWorker {
  worker: Worker;
  port: MessagePort;
  done: Int32Array;
}

let current: RegExpWorker | null = null;
/** performance.now() past which a test throws; Infinity when no budget applies. */
let deadline = Infinity;

function regExpWorker(): RegExpWorker {
  if (current) return current;
  const { port1, port2 } = new MessageChannel();
  const signal = new SharedArrayBuffer(4);
  const worker = new Worker(workerSource, { eval: true, workerData: { port: port2, signal }, transferList: [port2] });
  // Neither keeps the process alive: the worker only ever answers a waiting caller.
  worker.unref();
  port1.unref();
  current = { worker, port: port1, done: new Int32Array(signal) };
  return current;
}

function stopWorker(): void {
  if (!current) return;
  void current.worker.terminate();
  current.port.close();
  current = null;
}

function testOnWorker(pattern: string, flags: string, text: string): boolean {
  const remaining = deadline - performance.now();
  if (remaining <= 0) throw new SchemaBudgetExceeded('the schema-check budget is spent');
  const { port, done } = regExpWorker();
  Atomics.store(done, 0, 0);
  port.postMessage({ pattern, flags, text });
  if (Atomics.wait(done, 0, 0, remaining === Infinity ? undefined : remaining) === 'timed-out') {
    stopWorker();
    throw new SchemaBudgetExceeded('a pattern test ran past the schema-check budget');
  }
  const answer = receiveMessageOnPort(port);
  if (answer === undefined) throw new Error('the pattern worker answered nothing');
  return answer.message as boolean;
}

/**
 * Runs `work` with pattern tests bounded by `budgetMs` from now (unbounded
 * when null). Only synchronous work: the deadline is the process's while it
 * runs.
 */
export function withPatternBudget<T>(budgetMs: number | null, work: () => T): T {
  const outer = deadline;
  deadline = budgetMs === null ? Infinity : performance.now() + budgetMs;
  answers.clear();
  try {
    return work();
  } finally {
    deadline = outer;
  }
}

/**
 * Ajv's `code.regExp` engine: compiles on this thread (a syntax error makes
 * the schema unusable, as with Ajv's own engine) and tests on the worker under
 * the deadline.
 */
export const budgetedRegExp = Object.assign(
  (pattern: string, flags: string) => {
    // Compiled here only to refuse a pattern that is not one (compiling does not backtrack).
    const compiled = new RegExp(pattern, flags);
    return {
      test: (text: string): boolean => {
        // The pattern's length first, so that no two (pattern, text) pairs give one key.
        const key = text.length <= rememberedTextUnits ? `${flags}:${pattern.length}:${pattern}${text}` : null;
        let answer = key === null ? undefined : answers.get(key);
        if (answer === undefined) {
          answer = testOnWorker(pattern, flags, text);
          if (key !== null) {
            if (answers.size >= rememberedAnswers) answers.clear();
            answers.set(key, answer);
          }
        }
        return answer;
      },
      // Ajv keeps one compiled pattern per toString(): it must tell patterns apart, as a RegExp's does.
      toString: (): string => compiled.toString(),
    };
  },
  // Ajv writes this name only into standalone code, which is not generated here.
  { code: 'budgetedRegExp' },
);
