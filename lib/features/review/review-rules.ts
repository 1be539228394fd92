/**
 * Deterministic review rules over the main model (get_review_findings;
 * docs/review-rules.md describes each). Pure: the same model and scenario
 * calls give the same findings in the same order — rule order, then subject ID.
 */
import { modelKinds, type FactFields, type ModelKind, type ModelSnapshot, type RelationshipRecord, type StaleMark } from '../../core/model/model-records';
import type { ScenarioCall } from './review-store';
import { operationTimeoutMs } from '../../core/playback/playback-index';

export const findingSeverities = ['error', 'warning', 'info'] as const;
export type FindingSeverity = (typeof findingSeverities)[number];

/** A record a finding is about or mentions; `name` is model text (data). */
export interface FindingRef {
  kind: ModelKind | 'scenario';
  id: string;
  name: string | null;
}

export interface Finding {
  /** `<ruleId>:<subject ID>`: one finding per rule and subject. */
  id: string;
  ruleId: string;
  severity: FindingSeverity;
  subject: FindingRef;
  message: string;
  related: FindingRef[];
}

export interface ReviewInput {
  model: ModelSnapshot;
  scenarioCalls: readonly ScenarioCall[];
}

/**
 * What a rule found about one subject, before it is put in words: the in-memory rules below and
 * the SQL of review-queries.ts both produce these, and `describe` words them, so the two agree
 * to the letter.
 */
export interface RuleMatch<Detail = unknown> {
  subject: FindingRef;
  related: FindingRef[];
  detail: Detail;
}

export interface ReviewRule<Detail = unknown> {
  id: string;
  name: string;
  severity: FindingSeverity;
  title: string;
  check(input: ReviewInput): RuleMatch<Detail>[];
  describe(match: RuleMatch<Detail>): string;
}

/** Keeps a rule's detail type between its check and its describe inside the list of all rules. */
const defineRule = <Detail>(rule: ReviewRule<Detail>): ReviewRule => rule as ReviewRule;

/** A threshold of RV005: an inference below this confidence is flagged. */
export const lowConfidence = 0.5;

const byId = <T extends { id: string }>(list: Iterable<T>): T[] => [...list].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));

function elementRef(model: ModelSnapshot, id: string): FindingRef {
  return { kind: 'element', id, name: model.element.get(id)?.name ?? null };
}

function nameOf(kind: ModelKind, record: unknown): string | null {
  if (kind === 'relationship') return (record as RelationshipRecord).label;
  const name = (record as { name?: unknown }).name;
  return typeof name === 'string' ? name : null;
}

/** Every record that carries fact fields (all kinds but schema), kind by kind, each in ID order. */
function factRecords(model: ModelSnapshot): { kind: ModelKind; record: FactFields & { id: string } }[] {
  const out: { kind: ModelKind; record: FactFields & { id: string } }[] = [];
  for (const kind of modelKinds) {
    if (kind === 'schema') continue;
    for (const record of model[kind].values()) out.push({ kind, record: record as FactFields & { id: string } });
  }
  return out.sort((a, b) => (a.record.id < b.record.id ? -1 : a.record.id > b.record.id ? 1 : 0));
}

const quote = (name: string | null, id: string) => (name === null ? id : `"${name}"`);

/** The rules in the order their findings are listed. */
export const reviewRules: readonly ReviewRule[] = Object.freeze([
  defineRule<Record<string, never>>({
    id: 'RV001',
    name: 'relationship-to-removed-element',
    severity: 'error',
    title: 'A relationship starts or ends at an element whose status is removed.',
    check: ({ model }) =>
      byId(model.relationship.values()).flatMap((r) => {
        const removed = [r.fromId, r.toId].filter((id, i, all) => all.indexOf(id) === i && model.element.get(id)?.status === 'removed');
        if (removed.length === 0) return [];
        return [{ subject: { kind: 'relationship', id: r.id, name: r.label }, related: removed.map((id) => elementRef(model, id)), detail: {} }];
      }),
    describe: ({ related }) => `The relationship touches ${related.map((e) => quote(e.name, e.id)).join(' and ')}, whose status is removed.`,
  }),
  defineRule<{ maxAttempts: number }>({
    id: 'RV002',
    name: 'queue-retries-without-dead-letter',
    severity: 'warning',
    title: 'A subscription on a queue retries but has no dead-letter channel: a message that fails every attempt is lost.',
    check: ({ model }) =>
      byId(model.subscription.values()).flatMap((s) => {
        const channel = model.channel.get(s.channelId);
        if (channel?.kind !== 'queue' || s.retry === null || s.retry.maxAttempts <= 1 || s.deadLetterChannelId !== null) return [];
        return [
          {
            subject: { kind: 'subscription', id: s.id, name: null },
            related: [{ kind: 'channel', id: channel.id, name: channel.name }, elementRef(model, s.consumerId)],
            detail: { maxAttempts: s.retry.maxAttempts },
          },
        ];
      }),
    describe: ({ related: [channel, consumer], detail }) =>
      `The subscription of ${quote(consumer!.name, consumer!.id)} on queue ${quote(channel!.name, channel!.id)} makes ${detail.maxAttempts} attempts and has no dead-letter channel.`,
  }),
  defineRule<Record<string, never>>({
    id: 'RV003',
    name: 'operation-without-timeout-in-scenario',
    severity: 'warning',
    title: 'An operation that declares no timeout is called in a scenario: playback cannot time it out.',
    check: ({ model, scenarioCalls }) =>
      byId(model.operation.values()).flatMap((o) => {
        if (operationTimeoutMs(o) !== null) return [];
        const calls = scenarioCalls.filter((c) => c.operationId === o.id);
        if (calls.length === 0) return [];
        const scenarios = byId(calls.map((c) => ({ id: c.scenarioId, name: c.scenarioName }))).filter((s, i, all) => i === 0 || all[i - 1]!.id !== s.id);
        return [{ subject: { kind: 'operation', id: o.id, name: o.name }, related: scenarios.map((s) => ({ kind: 'scenario' as const, id: s.id, name: s.name })), detail: {} }];
      }),
    describe: ({ related }) => `The operation declares no timeout and is called in ${related.length} scenario(s).`,
  }),
  defineRule<Record<string, never>>({
    id: 'RV004',
    name: 'orphan-schema',
    severity: 'info',
    title: 'A schema that no message or operation refers to.',
    check: ({ model }) => {
      const used = new Set<string>();
      for (const m of model.message.values()) if (m.schemaId !== null) used.add(m.schemaId);
      for (const o of model.operation.values()) for (const id of [o.requestSchemaId, o.responseSchemaId]) if (id !== null) used.add(id);
      return byId(model.schema.values())
        .filter((s) => !used.has(s.id))
        .map((s) => ({ subject: { kind: 'schema' as const, id: s.id, name: s.name }, related: [], detail: {} }));
    },
    describe: () => 'No message or operation refers to this schema.',
  }),
  defineRule<{ confidence: number }>({
    id: 'RV005',
    name: 'low-confidence-inference',
    severity: 'warning',
    title: `A fact labelled inferred with a confidence below ${lowConfidence}.`,
    check: ({ model }) =>
      factRecords(model).flatMap(({ kind, record }) => {
        const confidence = record.provenance?.confidence;
        if (record.factStatus !== 'inferred' || typeof confidence !== 'number' || confidence >= lowConfidence) return [];
        return [{ subject: { kind, id: record.id, name: nameOf(kind, record) }, related: [], detail: { confidence } }];
      }),
    describe: ({ subject, detail }) => `The ${subject.kind} is inferred with confidence ${detail.confidence} (below ${lowConfidence}).`,
  }),
  defineRule<{ stale: StaleMark }>({
    id: 'RV006',
    name: 'stale-fact',
    severity: 'warning',
    title: 'A fact with a stale mark: a complete scan no longer finds its evidence.',
    check: ({ model }) =>
      factRecords(model).flatMap(({ kind, record }) => {
        if (record.stale === null) return [];
        return [{ subject: { kind, id: record.id, name: nameOf(kind, record) }, related: [], detail: { stale: record.stale } }];
      }),
    describe: ({ subject, detail }) => `The ${subject.kind} is stale since ${detail.stale.sinceRevision} (${detail.stale.reason}).`,
  }),
  defineRule<{ elementKind: string }>({
    id: 'RV007',
    name: 'element-without-relationships',
    severity: 'info',
    title: 'An element (not removed) that no relationship starts or ends at.',
    check: ({ model }) => {
      const linked = new Set<string>();
      for (const r of model.relationship.values()) {
        linked.add(r.fromId);
        linked.add(r.toId);
      }
      return byId(model.element.values())
        .filter((e) => e.status !== 'removed' && !linked.has(e.id))
        .map((e) => ({ subject: { kind: 'element' as const, id: e.id, name: e.name }, related: [], detail: { elementKind: e.kind } }));
    },
    describe: ({ detail }) => `The ${detail.elementKind} has no relationships.`,
  }),
  defineRule<Record<string, never>>({
    id: 'RV008',
    name: 'unlabelled-behavioural-relationship',
    severity: 'info',
    title: 'A behavioural relationship without a label: the diagram does not say what happens.',
    check: ({ model }) =>
      byId(model.relationship.values())
        .filter((r) => r.kind === 'behavioural' && (r.label === null || r.label.trim() === ''))
        .map((r) => ({ subject: { kind: 'relationship' as const, id: r.id, name: r.label }, related: [elementRef(model, r.fromId), elementRef(model, r.toId)], detail: {} })),
    describe: ({ related: [from, to] }) => `The behavioural relationship from ${quote(from!.name, from!.id)} to ${quote(to!.name, to!.id)} has no label.`,
  }),
]);

/** A rule's match put in words, as a finding. */
export function findingOf(rule: ReviewRule, match: RuleMatch): Finding {
  return { id: `${rule.id}:${match.subject.id}`, ruleId: rule.id, severity: rule.severity, subject: match.subject, message: rule.describe(match), related: match.related };
}

/** Every finding of every rule, rule by rule, each rule's in subject-ID order. */
export function reviewModel(input: ReviewInput): Finding[] {
  return reviewRules.flatMap((rule) => rule.check(input).map((match) => findingOf(rule, match)));
}
