/**
 * Stress profiles of a project: the defaults a new one starts from (the
 * workspace's `simulation.*` settings now, `GET …/stress/defaults`), and
 * made profiles, which never read the settings again (part 2).
 */
import type { Kysely } from 'kysely';
import type { ProfileValues, StressDefaults, StressProfileView } from '../../../contracts/load-tests';
import type { Profile } from '../../platform/config/service-config';
import type { Database } from '../../platform/db/schema';
import { ConflictError, NotFoundError, ValidationError } from '../../platform/errors/service-error';
import { effectiveWorkspaceSettings } from '../settings/settings-service';
import type { ProjectRecord } from '../workspaces/project-store';
import { deleteProfile, findProfile, insertProfile } from './profile-store';
import { defaultPeakRate, defaultVirtualUsers, type LoadStage, profileDefaults, profileProblems, stagesOf, stressProfileShapes, type StressProfile, type StressProfileShape, type StressProfileValues } from './stress-profile';

interface ProfileContext {
  db: Kysely<Database>;
  profile: Profile;
  now: () => Date;
  newId: () => string;
}

/** A profile as the API answers it: its values and the stages they give. */
export function profileView(profile: StressProfile): StressProfileView;
export function profileView(profile: StressProfileValues): ProfileValues;
export function profileView(profile: StressProfile | StressProfileValues): StressProfileView | ProfileValues {
  return { ...profile, stages: stagesOf(profile) };
}

/** `GET …/stress/defaults`: the simulation settings of the workspace, and a new profile of each shape built from them. */
export async function stressDefaults(context: Pick<ProfileContext, 'db' | 'profile'>, project: ProjectRecord): Promise<StressDefaults> {
  const { simulation } = await effectiveWorkspaceSettings(context, project.workspaceId);
  return { simulation, profiles: stressProfileShapes.map((shape) => profileView(profileDefaults(shape, simulation))) };
}

/** A profile request: the shape, and any value left out taken from the defaults of that shape. */
export interface ProfileRequest {
  shape: StressProfileShape;
  name?: string | undefined;
  seed?: number | undefined;
  durationSeconds?: number | undefined;
  warmUpSeconds?: number | undefined;
  arrivalRatePerSecond?: number | undefined;
  peakRatePerSecond?: number | undefined;
  virtualUsers?: number | undefined;
  /** The stages the values give, when the request carries them (a profile of `stress/defaults` sent back): checked, never read. */
  stages?: LoadStage[] | undefined;
}

/** Whether two lists of stages are the same stages. */
function sameStages(a: readonly LoadStage[], b: readonly LoadStage[]): boolean {
  return a.length === b.length && a.every((stage, i) => stage.durationSeconds === b[i]!.durationSeconds && stage.targetRate === b[i]!.targetRate);
}

/** POST …/load-tests/profiles: 201 the profile; 400 naming each value over the limits. */
export async function createProfile(context: ProfileContext, input: { project: ProjectRecord; request: ProfileRequest; actor: string }): Promise<StressProfile> {
  const { simulation } = await effectiveWorkspaceSettings(context, input.project.workspaceId);
  const defaults = profileDefaults(input.request.shape, simulation);
  const { request } = input;
  const arrivalRatePerSecond = request.arrivalRatePerSecond ?? defaults.arrivalRatePerSecond;
  const peakRatePerSecond = request.peakRatePerSecond ?? defaultPeakRate(request.shape, arrivalRatePerSecond);
  const values: StressProfileValues = {
    name: request.name ?? defaults.name,
    shape: request.shape,
    seed: request.seed ?? defaults.seed,
    durationSeconds: request.durationSeconds ?? defaults.durationSeconds,
    warmUpSeconds: request.warmUpSeconds ?? Math.min(defaults.warmUpSeconds, (request.durationSeconds ?? defaults.durationSeconds) - 1),
    arrivalRatePerSecond,
    peakRatePerSecond,
    virtualUsers: request.virtualUsers ?? defaultVirtualUsers(peakRatePerSecond),
  };
  const problems = profileProblems(values);
  if (problems.length > 0) throw new ValidationError('Invalid stress profile', problems);
  const stages = stagesOf(values);
  if (request.stages !== undefined && !sameStages(request.stages, stages)) {
    throw new ValidationError('Invalid stress profile', [{ field: 'stages', message: `must be the stages the other values give, or left out: ${JSON.stringify(stages)}` }]);
  }
  return insertProfile(context.db, { ...values, id: context.newId(), projectId: input.project.id, actor: input.actor, now: context.now() });
}

export async function existingProfile(db: Kysely<Database>, project: ProjectRecord, profileId: string): Promise<StressProfile> {
  const profile = await findProfile(db, project.id, profileId);
  if (!profile) throw new NotFoundError('Stress profile not found');
  return profile;
}

export async function removeProfile(db: Kysely<Database>, project: ProjectRecord, profileId: string): Promise<void> {
  const outcome = await deleteProfile(db, project.id, profileId);
  if (outcome === 'absent') throw new NotFoundError('Stress profile not found');
  if (outcome === 'in-use') throw new ConflictError('Stress profile in use', 'Scripts were written with this profile; they name it, so it stays.');
}
