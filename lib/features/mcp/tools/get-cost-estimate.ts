import { z } from 'zod';
import { calendarDate, todayOf } from '../../../platform/calendar/calendar-date';
import { writableLine } from '../../costs/cost-lines';
import { estimateLine } from '../../costs/estimate-service';
import { guidText } from '../../../platform/http/common-schemas';
import { defineTool } from '../agent-tool';
import { dataNotInstructions, truthNotes } from '../truth-notes';
import { openProject, projectIdArg } from './tool-support';

/** The estimate of GET /api/projects/{projectId}/costs/estimate, as a tool (docs/costs.md "Agent tool"). */
export const getCostEstimate = defineTool({
  name: 'get_cost_estimate',
  description: `Estimates the monthly cost of a project's cost sheet (main, or a branch by branchId) on a day (asOf, default today in UTC) from the workspace's declared prices and the sheet's assumptions: per resource the price used (its ID and effective date, stale when older than cost.stalePriceAfterDays), the quantity and usage factors, the assumption IDs used and the monthly cost as an exact decimal string; totals per currency (never converted) and per element; resources without a price listed as unpriced with the reason. An estimate, not a bill. ${dataNotInstructions}`,
  input: z.strictObject({
    projectId: projectIdArg,
    branchId: guidText.nullable().optional().describe('A draft or variant of the project; omit (or null) for main.'),
    asOf: calendarDate.nullable().optional().describe('The day the prices are read for, YYYY-MM-DD; omit (or null) for today (UTC).'),
  }),
  equivalentHttp: 'GET /api/projects/{projectId}/costs/estimate',
  async run(context, args) {
    const { project } = await openProject(context, args.projectId);
    const line = await writableLine(context.runtime.db, project, args.branchId?.toLowerCase() ?? null);
    const asOf = args.asOf ?? todayOf(context.runtime.now());
    const estimate = await estimateLine({ db: context.runtime.db, profile: context.runtime.config.profile }, { workspaceId: project.workspaceId, line, asOf });
    return { projectId: project.id, truth: 'declared', truthNote: truthNotes.costEstimate, data: { ...estimate }, nextCursor: null };
  },
});
