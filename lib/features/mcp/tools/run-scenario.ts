
import { z } from 'zod';
import { ConflictError, NotFoundError, ValidationError } from '../../../platform/errors/service-error';
import type { PlaybackEvent, RunResult } from '../../../core/playback/playback-types';
import { playStoredScenario } from '../../scenarios/play-stored-scenario';
import { defineTool } from '../agent-tool';
import { dataNotInstructions, truthNotes } from '../truth-notes';
import { limitOf, makeToolCursor, openProject, pageArgs, projectIdArg, readToolCursor } from './tool-support';
import { guidText } from '../../../platform/http/common-schemas';
import { maxToolResultBytes } from '../tool-result';

/** Where the event pages of one run continue: the run's hash and the last sequence given. */
interface EventPosition {
  hash: string;
  after: number;
}

function eventItem(event: PlaybackEvent, includePayloads: boolean) {
  const item = {
    sequence: event.sequence,
    atMs: event.atMs,
    kind: event.kind,
    stepId: event.stepId,
    attempt: event.attempt,
    from: event.from,
    to: event.to,
    target: event.target,
    message: event.message,
    detail: event.detail,
  };
  return includePayloads ? { ...item, payload: event.payload } : item;
}

export const runScenario = defineTool({
  name: 'run_scenario',
  description: `Plays a stored scenario over the declared main model (deterministic playback; writes nothing) and returns the run: issues, step outcomes, assertion results and the trace events in pages (payloads only with includePayloads). With format "sequence" it returns the trace as Mermaid sequenceDiagram text in data.sequence instead of the events (failures as crosses, retries, onError, branches and fan-out as blocks, the run hash in a comment). The result is declared behaviour, never a measurement. ${dataNotInstructions}`,
  input: z.strictObject({
    projectId: projectIdArg,
    scenarioId: guidText,
    includePayloads: z.boolean().nullable().optional().describe('Include each event\'s payload (default false).'),
    format: z.enum(['events', 'sequence'], 'must be "events" or "sequence"').nullable().optional().describe('"events" (default): the trace events in pages; "sequence": the whole trace as Mermaid sequenceDiagram text, no events and no paging.'),
    ...pageArgs,
  }),
  equivalentHttp: 'POST /api/projects/{projectId}/scenarios/{scenarioId}/run',
  async run(context, args) {
    const { project } = await openProject(context, args.projectId);
    const scenarioId = args.scenarioId.toLowerCase();
    const includePayloads = args.includePayloads ?? false;
    const scope = `run_scenario:${project.id}:${scenarioId}:${includePayloads}`;
    const position = readToolCursor<EventPosition>(context, scope, args.cursor);
    const played = await playStoredScenario(context.runtime.db, { projectId: project.id, scenarioId });
    if (!played.scenario || !played.result) throw new NotFoundError('Scenario not found', `No scenario ${args.scenarioId} in the project.`);
    const run = played.result;
    if (position && position.hash !== run.hash) {
      throw new ConflictError('Run changed', `The cursor belongs to a run with hash ${position.hash}; playing now gives ${run.hash} (the model or the scenario changed). Call again without cursor.`, [
        { field: 'cursor', message: 'belongs to a run whose trace has changed' },
      ]);
    }
    if (args.format === 'sequence') return sequenceOutput(project.id, scenarioId, run, played.sequenceText()!, position !== null);
    const limit = limitOf(args.limit);
    const start = position ? run.events.findIndex((e) => e.sequence > position.after) : 0;
    const page = start < 0 ? [] : run.events.slice(start, start + limit);
    const more = start >= 0 && start + limit < run.events.length;
    const cursorAfter = (item: unknown) => makeToolCursor(context, scope, { hash: run.hash, after: (item as { sequence: number }).sequence } satisfies EventPosition);
    // Labels of the IDs the events of this page hold, so a page stays small.
    const ids = new Set(page.flatMap((e) => [e.from, e.to, e.target, e.message].filter((id): id is string => id !== null)));
    const labels = Object.fromEntries(Object.entries(run.labels).filter(([id]) => ids.has(id)));
    return {
      projectId: project.id,
      truth: 'declared',
      truthNote: truthNotes.scenarioRun,
      data: {
        engineVersion: run.engineVersion,
        hash: run.hash,
        modelVersion: run.modelVersion,
        issues: run.issues,
        outcomes: run.outcomes,
        assertions: run.assertions.map((a) => ({ id: a.id, passed: a.passed, detail: a.detail })),
        eventCount: run.events.length,
        events: page.map((e) => eventItem(e, includePayloads)),
        labels,
      },
      nextCursor: more && page.length > 0 ? cursorAfter(page.at(-1)) : null,
      pagedList: { member: 'events', cursorAfter },
    };
  },
});

/** Room the envelope needs besides the diagram: a diagram over what is left is not put in the result. */
const sequenceRoomBytes = 10_000;

function sequenceOutput(projectId: string, scenarioId: string, run: RunResult, sequence: string, cursorGiven: boolean) {
  if (cursorGiven) throw new ValidationError('Invalid arguments', [{ field: 'cursor', message: 'a sequence diagram is one result: no cursor pages it' }]);
  const bytes = Buffer.byteLength(sequence);
  const fits = bytes <= maxToolResultBytes - sequenceRoomBytes;
  return {
    projectId,
    truth: 'declared',
    truthNote: truthNotes.scenarioRun,
    data: {
      engineVersion: run.engineVersion,
      hash: run.hash,
      modelVersion: run.modelVersion,
      issues: run.issues,
      outcomes: run.outcomes,
      assertions: run.assertions.map((a) => ({ id: a.id, passed: a.passed, detail: a.detail })),
      eventCount: run.events.length,
      sequence: fits ? sequence : null,
    },
    nextCursor: null,
    notice: fits
      ? undefined
      : `The sequence diagram is ${bytes} bytes, more than a tool result holds (${maxToolResultBytes} bytes), so data.sequence is null; read it over HTTP: POST /api/projects/${projectId}/scenarios/${scenarioId}/run?format=sequence.`,
  };
}
