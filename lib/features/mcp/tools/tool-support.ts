import { z } from 'zod';
import { authorizeProject } from '../../auth/access-policy';
import { decodeCursor, encodeCursor } from '../../../platform/http/cursor';
import type { ModelStream } from '../../../core/model/stream-store';
import type { ProjectRecord } from '../../workspaces/project-store';
import type { ToolContext } from '../agent-tool';
import { guidText } from '../../../platform/http/common-schemas';

/** `projectId`: required uuid for every tool but list_projects (part 1). */
export const projectIdArg = guidText.describe('ID of the project (uuid).');

/** `cursor` and `limit` of list tools: limit 1 to 200, default 50. */
export const pageArgs = {
  cursor: z.string().min(1, 'must be a nextCursor of an earlier result').max(2000).nullable().optional().describe('The previous result\'s nextCursor; omit for the first page.'),
  limit: z.number().int('must be a whole number').min(1, 'must be at least 1').max(200, 'must be at most 200').nullable().optional().describe('Items per page, 1 to 200 (default 50).'),
};

export function limitOf(limit: number | null | undefined): number {
  return limit ?? 50;
}

/** What the tools read of the main stream: its ID (the project's ID) and version. */
export type MainStreamRef = Pick<ModelStream, 'id' | 'modelVersion'>;

/**
 * The project (as the token sees it: another project answers like a missing
 * one) and its main stream. The project read already joins main (same ID), so
 * the stream costs no query of its own.
 */
export async function openProject(context: ToolContext, projectId: string): Promise<{ project: ProjectRecord; stream: MainStreamRef }> {
  const { project } = await authorizeProject(context.runtime.db, context.caller, projectId.toLowerCase(), 'viewer');
  return { project, stream: { id: project.id, modelVersion: project.modelVersion } };
}

/** Reads a tool cursor; one no result of this tool and these arguments gave is `validation_error` on `cursor`. */
export function readToolCursor<T>(context: ToolContext, scope: string, cursor: string | null | undefined): T | null {
  return cursor ? decodeCursor<T>(context.runtime.keyring, scope, cursor) : null;
}

export function makeToolCursor(context: ToolContext, scope: string, position: unknown): string {
  return encodeCursor(context.runtime.keyring, scope, position);
}
