import { z } from 'zod';
import { modelDiffPage } from '../../contracts/model-diff';
import { authorizeProject } from '../../lib/features/auth/access-policy';
import { diffAsMarkdown, diffAsPicture, diffPage, type DiffPosition } from '../../lib/features/diff/diff-answer';
import { parseDiffRef } from '../../lib/features/diff/diff-refs';
import { readModelDiff } from '../../lib/features/diff/read-model-diff';
import { jsonResponse, textResponse } from '../../lib/platform/http/api-types';
import { guidText, pageCursor, pageLimit } from '../../lib/platform/http/common-schemas';
import { decodeCursor, encodeCursor } from '../../lib/platform/http/cursor';
import { defineRoute } from '../../lib/platform/http/define-route';
import { parseQuery, pathUuid } from '../../lib/platform/http/parse-input';
import { HttpProblem } from '../../lib/platform/http/problem';

const versionName = z.string('must name a version: main, branch:<id>, revision:<id> or snapshot:<id>').max(200, 'must be at most 200 characters');

const diffQuery = z.strictObject({
  from: versionName,
  to: versionName,
  format: z.enum(['json', 'markdown', 'mermaid', 'svg'], 'must be json, markdown, mermaid or svg').optional(),
  viewId: guidText.optional().meta({ description: 'The view drawn by `mermaid` and `svg` (required for them).' }),
  cursor: pageCursor.optional(),
  limit: pageLimit,
});

/** `?from=&to=`: what changed from one version of the model to another, as a JSON page, Markdown, or a view drawn with the changes marked. */
export const diffModel = defineRoute({
  group: 'streams',
  operation: 'diff-model',
  method: 'GET',
  path: '/api/projects/{projectId}/diff',
  auth: 'signed-in',
  summary: 'What changed between two versions of the model: main, a branch, a revision or a scan snapshot (viewer)',
  query: diffQuery,
  answers: {
    200: {
      contentType: 'application/json',
      alternatives: ['text/markdown', 'text/plain', 'image/svg+xml'],
      schema: modelDiffPage,
      description: 'JSON (a page of entries), `format=markdown` Markdown, `format=mermaid` Mermaid flowchart text, `format=svg` an SVG picture of `viewId`.',
    },
    400: 'problem',
    404: 'problem',
  },
  access: { role: 'viewer' },
  description:
    'Versions are named `main`, `branch:<id>`, `revision:<id>` or `snapshot:<id>` (a scan snapshot: main with its pending proposals accepted). Per kind the records added, removed and changed, each change with its fields before and after; entries in kind then ID order, paged by `cursor`/`limit`; `fingerprint` is `sha256:` of the whole diff. A version of another project is 404.',
  example: { as: 'readToken', query: { from: 'main', to: 'revision:{revisionId}' } },
  run: async ({ runtime, caller, pathParameters, query }) => {
    const { project } = await authorizeProject(runtime.db, caller, pathUuid(pathParameters.projectId, 'Project'), 'viewer');
    const input = parseQuery(diffQuery, query);
    const from = parseDiffRef(input.from, 'from');
    const to = parseDiffRef(input.to, 'to');
    const format = input.format ?? 'json';
    if ((format === 'svg' || format === 'mermaid') && input.viewId === undefined) {
      throw HttpProblem.validation('Invalid query parameter', [{ field: 'viewId', message: `is required with format=${format}` }]);
    }
    const scope = `diff:${project.id}:${input.from}:${input.to}`;
    const after = input.cursor === undefined ? null : decodeCursor<DiffPosition>(runtime.keyring, scope, input.cursor);
    const read = await readModelDiff(runtime.db, project.id, from, to);
    if (format === 'markdown') return textResponse(200, diffAsMarkdown(read), 'text/markdown; charset=utf-8');
    if (format === 'svg' || format === 'mermaid') {
      const text = await diffAsPicture(runtime.db, project.id, input.viewId!.toLowerCase(), read, format);
      return textResponse(200, text, format === 'svg' ? 'image/svg+xml; charset=utf-8' : 'text/plain; charset=utf-8');
    }
    const { page, next } = diffPage(read, after, input.limit);
    return jsonResponse(200, { ...page, nextCursor: next ? encodeCursor(runtime.keyring, scope, next) : null });
  },
});
