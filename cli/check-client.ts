/**
 * The two requests of `svc check`, with a read token: `GET P/drift/check`
 * (the server's rules and the workspace's import limits, as for a push) and
 * `POST P/drift/check` (the snapshot's drift, stored nowhere).
 */
import { driftCheckSchema, type DriftCheck } from '../contracts/drift';
import { type PushClientOptions, type ServerOutcome, serviceRequests } from './push-client';
import { type PushSettings, pushSettingsSchema } from './push-request';

export function createCheckClient(options: PushClientOptions) {
  const send = serviceRequests(options, 'drift/check', 'read');
  return {
    settings: (): Promise<ServerOutcome<PushSettings>> => send('GET', undefined, 200, (v) => pushSettingsSchema.parse(v), 'the request'),
    check: (body: string): Promise<ServerOutcome<DriftCheck>> => send('POST', body, 200, (v) => driftCheckSchema.parse(v), 'the check'),
  };
}

export type CheckClient = ReturnType<typeof createCheckClient>;
