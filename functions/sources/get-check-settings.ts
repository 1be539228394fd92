import { z } from 'zod';
import { authorizeProject } from '../../lib/features/auth/access-policy';
import { pushSettings } from '../../lib/features/scans/push-snapshot';
import { effectiveWorkspaceSettings } from '../../lib/features/settings/settings-service';
import { jsonResponse } from '../../lib/platform/http/api-types';
import { defineRoute } from '../../lib/platform/http/define-route';
import { pathUuid } from '../../lib/platform/http/parse-input';

/** The push settings for a reader: `svc check` scans as `svc scan` does, with a read token. */
export const getCheckSettings = defineRoute({
  group: 'sources',
  operation: 'get-check-settings',
  method: 'GET',
  path: '/api/projects/{projectId}/drift/check',
  auth: 'signed-in',
  summary: "The server's extraction rules and the workspace import limits, for svc check (read token)",
  params: z.object({ projectId: z.string() }),
  answers: {
    200: z.object({
      rulesVersion: z.string(),
      factFormatVersion: z.number().int(),
      limits: z.object({ maxFiles: z.number().int(), maxFileBytes: z.number().int(), maxTotalBytes: z.number().int(), excludeGlobs: z.array(z.string()) }),
      maxBodyBytes: z.number().int(),
    }),
    404: 'problem',
  },
  access: { role: 'viewer' },
  description: 'The same answer as `GET P/sources/push`, so that a check scans exactly as a push would.',
  example: { as: 'viewer' },
  run: async ({ runtime, caller, pathParameters }) => {
    const { project } = await authorizeProject(runtime.db, caller, pathUuid(pathParameters.projectId, 'Project'), 'viewer');
    return jsonResponse(200, pushSettings(await effectiveWorkspaceSettings({ db: runtime.db, profile: runtime.config.profile }, project.workspaceId)));
  },
});
