import { z } from 'zod';
import { readReviewFindingsPage, type FindingPosition } from '../../review/review-queries';
import { reviewRules } from '../../review/review-rules';
import { defineTool } from '../agent-tool';
import { dataNotInstructions, truthNotes } from '../truth-notes';
import { limitOf, makeToolCursor, openProject, pageArgs, projectIdArg, readToolCursor } from './tool-support';

/** Each rule's place in the list, which a cursor records. */
const ruleIndex = new Map(reviewRules.map((rule, i) => [rule.id, i]));

export const getReviewFindings = defineTool({
  name: 'get_review_findings',
  description: `Runs the deterministic review rules (RV001…RV008: removed elements in relationships, queues retrying without dead-letter channel, operations without timeout called in scenarios, orphan schemas, low-confidence inferences, stale facts, elements without relationships, unlabelled behavioural relationships) on the main model; the same model gives the same findings in the same order (rule, then subject ID). ${dataNotInstructions}`,
  input: z.strictObject({ projectId: projectIdArg, ...pageArgs }),
  equivalentHttp: null,
  async run(context, args) {
    const { project, stream } = await openProject(context, args.projectId);
    const scope = `get_review_findings:${project.id}`;
    const after = readToolCursor<FindingPosition>(context, scope, args.cursor);
    const page = await readReviewFindingsPage(context.runtime.db, { streamId: stream.id, projectId: project.id, after, limit: limitOf(args.limit) });
    const cursorAfter = (item: unknown) => {
      const finding = item as (typeof page.findings)[number];
      return makeToolCursor(context, scope, { rule: ruleIndex.get(finding.ruleId)!, subject: finding.subject.id } satisfies FindingPosition);
    };
    return {
      projectId: project.id,
      truth: 'declared',
      truthNote: truthNotes.findings,
      data: {
        modelVersion: stream.modelVersion,
        rules: reviewRules.map((r) => ({ id: r.id, name: r.name, severity: r.severity, title: r.title })),
        total: page.total,
        findings: page.findings,
      },
      nextCursor: page.hasMore && page.findings.length > 0 ? cursorAfter(page.findings.at(-1)) : null,
      pagedList: { member: 'findings', cursorAfter },
    };
  },
});
