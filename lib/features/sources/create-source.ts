import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Profile } from '../../platform/config/service-config';
import type { MasterKeyring } from '../../platform/crypto/master-key';
import type { Database } from '../../platform/db/schema';
import type { FieldError } from '../../platform/errors/error-codes';
import { ConflictError, RefusedError, ValidationError } from '../../platform/errors/service-error';
import type { SettingsDocument } from '../settings/settings-schema';
import { resolveFolderSourcePath } from './folder-source-path';
import { saveNewRelicKey } from './newrelic-source';
import { isGitHostKind, kindUnavailableReason, repositoryPatterns, sourceKinds, type SourceKind } from './source-kinds';
import type { CreateSourceRequest } from './source-requests';
import { sourceSlug } from './source-slug';
import { findSource, insertSource, type SourceRecord } from './source-store';

export interface CreateSourceContext {
  db: Kysely<Database>;
  profile: Profile;
  sourcesRoot: string | null;
  settings: SettingsDocument;
  keyring: MasterKeyring;
  /** `Svc__NewRelic__GraphqlUrl`, or null for the region's NerdGraph. */
  newRelicGraphqlUrl: string | null;
  workspaceId: string;
  actor: string;
  now: Date;
}

function invalid(field: string, message: string): ValidationError {
  return new ValidationError('Invalid request body', [{ field, message }]);
}

/** The kind named in a request, or a 400 naming the kinds. */
export function parseSourceKind(kind: string | null, field = 'kind'): SourceKind {
  if (kind === null) throw invalid(field, 'must not be null');
  const known = sourceKinds.find((k) => k === kind);
  if (!known) throw invalid(field, `must be one of ${sourceKinds.join(', ')}`);
  return known;
}

/** Refuses a kind this profile or workspace cannot use now (part 2 errors `source_kind_not_in_profile`, `sources_root_not_configured`). */
export function assertKindAvailable(kind: SourceKind, context: Pick<CreateSourceContext, 'profile' | 'sourcesRoot' | 'settings'>): void {
  const unavailable = kindUnavailableReason(kind, context);
  if (!unavailable) return;
  if (unavailable.type === 'source_kind_not_in_profile') throw new RefusedError('source_kind_not_in_profile', 'Source kind not available in this profile', unavailable.message, [{ field: 'kind', message: unavailable.message }]);
  if (unavailable.type === 'sources_root_not_configured') throw new RefusedError('sources_root_not_configured', 'Sources root not configured', unavailable.message);
  throw new ConflictError('Host is off', unavailable.message, [{ field: 'kind', message: unavailable.message }]);
}

/** A repository name as the host writes it, or a 400 on `field`. */
export function checkRepository(kind: SourceKind, repository: string | null, field = 'repository'): string | null {
  if (!isGitHostKind(kind)) {
    if (repository !== null) throw invalid(field, `must be null for a ${kind} Source`);
    return null;
  }
  if (repository === null) throw invalid(field, `is required for a ${kind} Source (${repositoryPatterns[kind].example})`);
  const name = repository.replace(/\.git$/, '');
  if (!repositoryPatterns[kind].pattern.test(name)) throw invalid(field, `must be ${repositoryPatterns[kind].example}`);
  return name;
}

/**
 * POST P/sources: checks the request for its kind, then stores the Source
 * under the slug of its name (409 when another Source of the project has it).
 */
export async function createSource(context: CreateSourceContext, projectId: string, request: CreateSourceRequest): Promise<SourceRecord> {
  const kind = parseSourceKind(request.kind);
  if (request.name === null) throw invalid('name', 'must not be null');
  assertKindAvailable(kind, context);
  const repository = checkRepository(kind, request.repository);
  const errors: FieldError[] = [];
  let path: string | null = null;
  if (kind === 'directory') {
    if (request.path === null || request.path === undefined) errors.push({ field: 'path', message: 'is required for a directory Source: a folder under the sources root' });
    else {
      const resolved = await resolveFolderSourcePath(context.sourcesRoot!, request.path);
      if (!resolved.ok) errors.push({ field: 'path', message: resolved.message });
      else path = request.path.replace(/\\/g, '/').replace(/^\.\/+/, '').replace(/\/+$/, '') || '.';
    }
  } else if (request.path !== null && request.path !== undefined) errors.push({ field: 'path', message: `must be null for a ${kind} Source` });
  let accountId: string | null = null;
  let region: string | null = null;
  if (kind === 'newrelic') {
    const account = request.accountId === null || request.accountId === undefined ? '' : String(request.accountId);
    if (!/^[1-9][0-9]{0,18}$/.test(account)) errors.push({ field: 'accountId', message: 'must be the New Relic account number' });
    else accountId = account;
    if (request.region !== 'us' && request.region !== 'eu') errors.push({ field: 'region', message: 'must be us or eu' });
    else region = request.region;
    if (request.apiKey !== null && request.apiKey !== undefined && !/^[\x21-\x7e]{1,4096}$/.test(request.apiKey)) errors.push({ field: 'apiKey', message: 'must be 1 to 4096 printable ASCII characters' });
  } else {
    if (request.accountId !== null && request.accountId !== undefined) errors.push({ field: 'accountId', message: 'is for a newrelic Source only' });
    if (request.region !== null && request.region !== undefined) errors.push({ field: 'region', message: 'is for a newrelic Source only' });
    if (request.apiKey !== null && request.apiKey !== undefined) errors.push({ field: 'apiKey', message: 'is for a newrelic Source only' });
  }
  if (errors.length > 0) throw new ValidationError('Invalid request body', errors);

  const id = randomUUID();
  const slug = sourceSlug(request.name);
  const inserted = await insertSource(context.db, { id, projectId, kind, name: request.name, slug, repository, path, accountId, region, createdBy: context.actor, at: context.now });
  if (!inserted) throw new ConflictError('Source name in use', `Another Source of this project has the slug "${slug}".`, [{ field: 'name', message: `its slug "${slug}" is in use` }]);
  if (kind === 'newrelic' && request.apiKey) {
    await saveNewRelicKey({ db: context.db, keyring: context.keyring, graphqlUrlOverride: context.newRelicGraphqlUrl, profile: context.profile }, { workspaceId: context.workspaceId, sourceId: id, region: region as 'us' | 'eu', apiKey: request.apiKey, actor: context.actor, at: context.now });
  }
  return (await findSource(context.db, projectId, id))!;
}

