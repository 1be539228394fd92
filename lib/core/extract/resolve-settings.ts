/**
 * Settings resolved once every file is read (file-facts.ts `SettingHint`):
 * variables substituted from the `.env` beside the compose file, then the
 * hosts the value names. A value that is exactly a known host counts when the
 * setting's name says it connects. Only host names leave this module; the
 * values stay in memory for the scan.
 */
import type { Evidence } from './extracted-fact';
import { bareHostOf, connectingSettingPattern, hostsOfSetting } from './connection-settings';
import type { ConnectionHint, EnvFileHint, SettingHint } from './file-facts';
import { interpolateVariables, springPlaceholdersAsCompose } from './interpolate-variables';

/** The `.env` values of each folder; a folder with two `.env` readings keeps the first. */
export function envFilesByFolder(files: readonly EnvFileHint[]): Map<string, EnvFileHint> {
  const byFolder = new Map<string, EnvFileHint>();
  for (const file of files) if (!byFolder.has(file.folder)) byFolder.set(file.folder, file);
  return byFolder;
}

/** Health-check settings (`BasketUrlHC`, `HealthChecks__0__Uri`, `http://orders/healthz`): a monitor watching a service, not a call. */
const healthSettingName = /(?:health|(?:^|[_.:-])hc$|[a-z]HC$)/;
const healthPath = /:\/\/[^/\s]+\/(?:hc|health|healthz|healthcheck|liveness|readiness|livez|readyz)(?:[/?#\s]|$)/i;

export function isHealthCheck(variable: string, value: string): boolean {
  return healthSettingName.test(variable) || /health/i.test(variable) || healthPath.test(value);
}

/** The connections one setting states, with the `.env` lines it read as evidence beside its own. */
export function connectionsOfSetting(setting: SettingHint, envFiles: ReadonlyMap<string, EnvFileHint>, isKnownHost: (host: string) => boolean): ConnectionHint[] {
  const env = setting.envFolder === null ? undefined : envFiles.get(setting.envFolder);
  const used: Evidence[] = [];
  const lookup = (name: string): string | undefined => {
    const entry = env?.values[name];
    if (entry === undefined) return undefined;
    used.push(entry.evidence);
    return entry.value;
  };
  const raw = setting.value ?? lookup(setting.variable);
  if (raw === undefined) return [];
  const value = interpolateVariables(springPlaceholdersAsCompose(raw), lookup);
  if (isHealthCheck(setting.variable, value)) return [];
  let hosts = hostsOfSetting(setting.variable, value);
  if (hosts.length === 0 && connectingSettingPattern.test(setting.variable)) {
    const bare = bareHostOf(value);
    if (bare !== null && isKnownHost(bare)) hosts = [{ host: bare, scheme: null, via: 'host' }];
  }
  const evidence = [...setting.evidence, ...used];
  return hosts.map((named) => ({ hint: 'connection', from: setting.from, host: named.host, via: named.via, variable: setting.variable, scheme: named.scheme, evidence }));
}
