import { ConflictError, NotFoundError, ValidationError } from '../../platform/errors/service-error';
import { costLimits, type CostAssumption, type CostResource, type SheetRecords } from './cost-sheet';

/**
 * The rules of one change to a sheet that read only the sheet itself (pure); the references into
 * the model and the workspace prices are checked by the store (cost-sheet-store.ts). A broken
 * rule throws the typed error (lib/platform/errors) the API answers. docs/costs.md "Rules of a change".
 */
export type SheetChange =
  | { type: 'add-resource'; resource: CostResource }
  | { type: 'replace-resource'; resource: CostResource }
  | { type: 'delete-resource'; id: string }
  | { type: 'add-assumption'; assumption: CostAssumption }
  | { type: 'replace-assumption'; assumption: CostAssumption }
  | { type: 'delete-assumption'; id: string };

function checkUsageReferences(resource: CostResource, assumptions: readonly CostAssumption[]): void {
  const known = new Set(assumptions.map((a) => a.id));
  const errors = (resource.usage ?? []).flatMap((line, i) =>
    line.assumptionId !== null && !known.has(line.assumptionId) ? [{ field: `usage[${i}].assumptionId`, message: 'is not an assumption of this cost sheet' }] : [],
  );
  if (errors.length > 0) throw new ValidationError('Unknown assumption', errors);
}

function resourceNotFound(): NotFoundError {
  return new NotFoundError('Resource not found', 'The cost sheet of this line has no resource with this ID.');
}

function assumptionNotFound(): NotFoundError {
  return new NotFoundError('Assumption not found', 'The cost sheet of this line has no assumption with this ID.');
}

/** The sheet's records after the change (sheet order kept; new records go last). */
export function applySheetChange(sheet: SheetRecords, change: SheetChange): SheetRecords {
  const { resources, assumptions } = sheet;
  switch (change.type) {
    case 'add-resource': {
      if (resources.some((r) => r.id === change.resource.id)) throw new ConflictError('Resource ID in use', 'The cost sheet already has a resource with this ID.', [{ field: 'id', message: 'is in use' }]);
      if (resources.length >= costLimits.resourcesPerSheet) throw new ConflictError('Too many resources', `A cost sheet holds at most ${costLimits.resourcesPerSheet} resources.`);
      checkUsageReferences(change.resource, assumptions);
      return { resources: [...resources, change.resource], assumptions };
    }
    case 'replace-resource': {
      const at = resources.findIndex((r) => r.id === change.resource.id);
      if (at < 0) throw resourceNotFound();
      checkUsageReferences(change.resource, assumptions);
      return { resources: resources.map((r, i) => (i === at ? change.resource : r)), assumptions };
    }
    case 'delete-resource': {
      if (!resources.some((r) => r.id === change.id)) throw resourceNotFound();
      const subjects = assumptions.filter((a) => a.subjectId === change.id);
      if (subjects.length > 0) {
        throw new ConflictError(
          'Resource is the subject of assumptions',
          `Assumptions of the sheet are about this resource: ${subjects.map((a) => `${a.id} (${JSON.stringify(a.name)})`).join(', ')}. Change or delete them first.`,
          subjects.map((a) => ({ field: `assumptions.${a.id}.subjectId`, message: `names the resource ${change.id}` })),
        );
      }
      return { resources: resources.filter((r) => r.id !== change.id), assumptions };
    }
    case 'add-assumption': {
      if (assumptions.some((a) => a.id === change.assumption.id)) throw new ConflictError('Assumption ID in use', 'The cost sheet already has an assumption with this ID.', [{ field: 'id', message: 'is in use' }]);
      if (assumptions.length >= costLimits.assumptionsPerSheet) throw new ConflictError('Too many assumptions', `A cost sheet holds at most ${costLimits.assumptionsPerSheet} assumptions.`);
      return { resources, assumptions: [...assumptions, change.assumption] };
    }
    case 'replace-assumption': {
      const at = assumptions.findIndex((a) => a.id === change.assumption.id);
      if (at < 0) throw assumptionNotFound();
      return { resources, assumptions: assumptions.map((a, i) => (i === at ? change.assumption : a)) };
    }
    case 'delete-assumption': {
      if (!assumptions.some((a) => a.id === change.id)) throw assumptionNotFound();
      const users = resources.filter((r) => (r.usage ?? []).some((line) => line.assumptionId === change.id));
      if (users.length > 0) {
        throw new ConflictError(
          'Assumption in use',
          `Usage lines of these resources use the assumption: ${users.map((r) => `${r.id} (${JSON.stringify(r.name)})`).join(', ')}. Change them first.`,
          users.map((r) => ({ field: `resources.${r.id}.usage`, message: `uses the assumption ${change.id}` })),
        );
      }
      return { resources, assumptions: assumptions.filter((a) => a.id !== change.id) };
    }
  }
}

/** The subject of an assumption must be an element of the line's model or a resource of the sheet: the IDs the sheet itself answers for. */
export function resourceIdsOf(sheet: SheetRecords): Set<string> {
  return new Set(sheet.resources.map((r) => r.id));
}
