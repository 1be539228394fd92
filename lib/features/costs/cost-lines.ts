import type { Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema';
import { ValidationError } from '../../platform/errors/service-error';
import { branchOrMain, findStream, revisionOf, type ModelStream } from '../../core/model/stream-store';
import { isGuid } from '../../platform/text/text-rules';
import type { ProjectRecord } from '../workspaces/project-store';
import type { CostLine } from './cost-sheet';

/** The project as the access check read it: its ID is main's, and the read joined main's version. */
type ProjectOfLine = Pick<ProjectRecord, 'id' | 'modelVersion'>;

/** A model stream as the line its cost sheet belongs to. */
export function costLineOf(stream: ModelStream): CostLine {
  return { streamId: stream.id, projectId: stream.projectId, kind: stream.kind, modelVersion: stream.modelVersion };
}

/**
 * The line a sheet change names: main, or the branch of `?branchId=` (404 for anything else, as
 * the model edits answer). Main needs no read: the project read gave its ID and version.
 */
export async function writableLine(db: Kysely<Database>, project: ProjectOfLine, branchId: string | null): Promise<CostLine> {
  if (branchId === null) return { streamId: project.id, projectId: project.id, kind: 'main', modelVersion: project.modelVersion };
  return costLineOf(await branchOrMain(db, project.id, branchId));
}

/**
 * The line a read names: main, the branch of `?branchId=`, or the frozen sheet of a revision by
 * `?revisionId=` (400 naming revisionId when it is not one of the project's, as the model reads
 * answer); both at once is refused.
 */
export async function readableLine(db: Kysely<Database>, project: ProjectOfLine, query: { branchId: string | null; revisionId: string | null }): Promise<CostLine> {
  if (query.branchId !== null && query.revisionId !== null) {
    throw new ValidationError('Invalid query', [{ field: 'revisionId', message: 'cannot be given together with branchId' }]);
  }
  if (query.revisionId !== null) return costLineOf(await revisionOf(db, project.id, query.revisionId));
  return writableLine(db, project, query.branchId);
}

/**
 * The line a name in a request stands for (`from` of a copy, `left` and `right` of a compare):
 * `main`, or the ID of a branch or revision of the project. Anything else is 400 naming `field`,
 * the same for an ID of another project as for one that names nothing.
 */
export async function namedLine(db: Kysely<Database>, project: ProjectOfLine, name: string, field: string): Promise<CostLine> {
  if (name === 'main') return writableLine(db, project, null);
  const stream = isGuid(name) ? await findStream(db, name.toLowerCase()) : undefined;
  if (!stream || stream.projectId !== project.id) {
    throw new ValidationError(`Unknown line in ${field}`, [{ field, message: 'must be "main" or the ID of a branch or revision of this project' }]);
  }
  return costLineOf(stream);
}
