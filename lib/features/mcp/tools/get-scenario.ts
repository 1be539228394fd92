import { z } from 'zod';
import { NotFoundError } from '../../../platform/errors/service-error';
import { findScenario, scenarioLists } from '../../scenarios/scenario-store';
import { defineTool } from '../agent-tool';
import { dataNotInstructions, truthNotes } from '../truth-notes';
import { openProject, projectIdArg } from './tool-support';
import { guidText } from '../../../platform/http/common-schemas';

export const getScenario = defineTool({
  name: 'get_scenario',
  description: `One scenario of a project: its steps, faults, assertions and origin. ${dataNotInstructions}`,
  input: z.strictObject({ projectId: projectIdArg, scenarioId: guidText }),
  equivalentHttp: 'GET /api/projects/{projectId}/scenarios/{scenarioId}',
  async run(context, args) {
    const { project } = await openProject(context, args.projectId);
    const stored = await findScenario(context.runtime.db, project.id, args.scenarioId.toLowerCase());
    if (!stored) throw new NotFoundError('Scenario not found', `No scenario ${args.scenarioId} in the project.`);
    // The same scenario as GET …/scenarios/{id}: a top-level list the document left out reads null there and here.
    const { steps, faults, assertions } = scenarioLists(stored.document);
    return {
      projectId: project.id,
      truth: 'declared',
      truthNote: truthNotes.scenario,
      data: { scenario: { id: stored.id, name: stored.name, steps, faults, assertions, origin: stored.origin } },
      nextCursor: null,
    };
  },
});
