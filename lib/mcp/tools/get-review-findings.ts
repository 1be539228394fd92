import { z } from 'zod';
import { loadModelSnapshot } from '../../model/model-store';
import { reviewModel, reviewRules } from '../../review/review-rules';
import { scenarioCallsOf } from '../../review/review-store';
import { defineTool } from '../agent-tool';
import { dataNotInstructions, truthNotes } from '../truth-notes';
import { limitOf, makeToolCursor, openProject, pageArgs, projectIdArg, readToolCursor } from './tool-support';

/** Where a page of findings continues: after this rule (by its place in the list) and subject ID. */
interface FindingPosition {
  rule: number;
  subject: string;
}

export const getReviewFindings = defineTool({
  name: 'get_review_findings',
  description: `Runs the deterministic review rules (RV001…RV008: removed elements in relationships, queues retrying without dead-letter channel, operations without timeout called in scenarios, orphan schemas, low-confidence inferences, stale facts, elements without relationships, unlabelled behavioural relationships) on the main model; the same model gives the same findings in the same order (rule, then subject ID). ${dataNotInstructions}`,
  input: z.strictObject({ projectId: projectIdArg, ...pageArgs }),
  equivalentHttp: null,
  async run(context, args) {
    const { project, stream } = await openProject(context, args.projectId);
    const scope = `get_review_findings:${project.id}`;
    const position = readToolCursor<FindingPosition>(context, scope, args.cursor);
    const [model, scenarioCalls] = await Promise.all([loadModelSnapshot(context.runtime.db, stream.id), scenarioCallsOf(context.runtime.db, project.id)]);
    const findings = reviewModel({ model, scenarioCalls });
    const ruleIndex = new Map(reviewRules.map((rule, i) => [rule.id, i]));
    const positionOf = (f: { ruleId: string; subject: { id: string } }): FindingPosition => ({ rule: ruleIndex.get(f.ruleId)!, subject: f.subject.id });
    const isAfter = (f: (typeof findings)[number]) => {
      if (!position) return true;
      const p = positionOf(f);
      return p.rule > position.rule || (p.rule === position.rule && p.subject > position.subject);
    };
    const start = findings.findIndex(isAfter);
    const limit = limitOf(args.limit);
    const page = start < 0 ? [] : findings.slice(start, start + limit);
    const more = start >= 0 && start + limit < findings.length;
    const cursorAfter = (item: unknown) => makeToolCursor(context, scope, positionOf(item as (typeof findings)[number]));
    return {
      projectId: project.id,
      truth: 'declared',
      truthNote: truthNotes.findings,
      data: {
        modelVersion: stream.modelVersion,
        rules: reviewRules.map((r) => ({ id: r.id, name: r.name, severity: r.severity, title: r.title })),
        total: findings.length,
        findings: page,
      },
      nextCursor: more && page.length > 0 ? cursorAfter(page.at(-1)) : null,
      pagedList: { member: 'findings', cursorAfter },
    };
  },
});
