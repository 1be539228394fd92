/**
 * Hosts named by connection settings (`DATABASE_URL=postgres://…@orders-db/…`,
 * `REDIS_HOST=cache`, `KAFKA_BROKERS=kafka-1:9092,kafka-2:9092`). Only the
 * host and the scheme are kept: a setting's value often holds a password, and
 * nothing of it but the host name ever reaches a fact.
 */

/** A host a setting names, lower case, with the URL scheme when the value is a URL. */
export interface NamedHost {
  host: string;
  scheme: string | null;
  via: 'url' | 'host';
}

/** Setting names whose bare value (no scheme) is a host list. */
// `_`, `.`, `-` and `:` separate words: `REDIS_HOST`, `spring.rabbitmq.host`, `kafka.bootstrap-servers`, `urls__basket`, `RabbitMQ:HostName`.
export const hostSettingPattern = /(?:^|[_.:-])(?:HOST|HOSTS|HOSTNAME|SERVER|SERVERS|BROKER|BROKERS|BOOTSTRAP[_.-]SERVERS|ADDR|ADDRESS|ADDRESSES|ENDPOINT|NODES)$/i;

/** The host member of a `key=value;` connection string; its value ends at `;`. */
const connectionStringHost = /(?:^|;)\s*(?:Server|Host|Data Source|Address|Addr|Network Address|HostName|Endpoint)\s*=\s*([^;]*)/gi;

/**
 * Setting names that say the setting connects somewhere, so a bare value that
 * is exactly another service's host name is a connection
 * (`EventBusConnection=rabbitmq`, `ConnectionString=basketdata`).
 */
// Not `database` or `db` alone: `POSTGRES_DB=orders` names a database, not a host.
export const connectingSettingPattern = /(?:connection|conn(?:str)?|url|uri|dsn|host|addr|address|server|broker|endpoint|bus)/i;

/** The value as one bare host name (`rabbitmq`, `basket-data:6379`), or null. */
export function bareHostOf(value: string): string | null {
  return /^[\w.-]+(?::\d+)?$/.test(value.trim()) ? cleanHost(value) : null;
}

// Docker's DNS also answers compose service names with `_`.
const hostName = /^[a-z0-9_][a-z0-9_-]{0,62}(?:\.[a-z0-9_][a-z0-9_-]{0,62})*$/;
const loopback = new Set(['localhost', '127.0.0.1', '0.0.0.0', 'host.docker.internal']);

function cleanHost(raw: string): string | null {
  const host = raw.trim().toLowerCase().replace(/:\d+$/, '');
  if (host === '' || host.includes('$') || loopback.has(host) || !hostName.test(host)) return null;
  return host;
}

/** Options of a StackExchange.Redis configuration string (`redis:6379,abortConnect=false,ssl=true`). */
const redisOptionNames = /^(?:abortConnect|allowAdmin|channelPrefix|connectRetry|connectTimeout|configChannel|defaultDatabase|keepAlive|name|password|user|proxy|resolveDns|serviceName|ssl|sslHost|sslProtocols|syncTimeout|asyncTimeout|tiebreaker|version)$/i;

/** The endpoints of a StackExchange.Redis configuration string, when the value is one: endpoints and at least one known option, comma separated. */
function redisConfigurationHosts(value: string): string[] {
  const parts = value.split(',').map((part) => part.trim());
  const options = parts.filter((part) => part.includes('='));
  if (options.length === 0 || !options.every((part) => redisOptionNames.test(part.slice(0, part.indexOf('=')).trim()))) return [];
  return parts.filter((part) => !part.includes('=')).flatMap((part) => (/^[\w.-]+(?::\d+)?$/.test(part) ? [part] : []));
}

/** Every host named by one setting; none when the value names no host (or only this machine). */
export function hostsOfSetting(variable: string, value: string): NamedHost[] {
  const found: NamedHost[] = [];
  // The authority ends at `;` too: JDBC for SQL Server writes `jdbc:sqlserver://sqldata:1433;databaseName=orders`.
  const urls = value.matchAll(/([A-Za-z][A-Za-z0-9+.-]*):\/\/([^/?#\s"';]*)/g);
  let sawUrl = false;
  for (const [, scheme, authority] of urls) {
    sawUrl = true;
    // The user part may hold `@` and `:` (a password): the hosts are after the last `@`.
    const hosts = authority!.slice(authority!.lastIndexOf('@') + 1);
    for (const part of hosts.split(',')) {
      const host = cleanHost(part.startsWith('[') ? '' : part);
      if (host !== null) found.push({ host, scheme: scheme!.toLowerCase(), via: 'url' });
    }
  }
  if (!sawUrl) {
    // .NET, ODBC and libpq connection strings: `Server=sqldata;Database=…`, `Host=db;Port=5432`, `Data Source=tcp:sql,1433`.
    for (const [, raw] of value.matchAll(connectionStringHost)) {
      for (const part of raw!.split(',')) {
        const host = cleanHost(part.replace(/^tcp:/i, ''));
        if (host !== null && !/^\d+$/.test(host)) found.push({ host, scheme: null, via: 'host' });
      }
    }
  }
  if (!sawUrl && found.length === 0) {
    for (const part of redisConfigurationHosts(value)) {
      const host = cleanHost(part);
      if (host !== null) found.push({ host, scheme: 'redis', via: 'host' });
    }
  }
  if (!sawUrl && found.length === 0 && hostSettingPattern.test(variable)) {
    for (const part of value.split(/[\s,;]+/)) {
      const host = cleanHost(part);
      if (host !== null) found.push({ host, scheme: null, via: 'host' });
    }
  }
  // One entry per host: the first way it was named.
  const byHost = new Map<string, NamedHost>();
  for (const entry of found) if (!byHost.has(entry.host)) byHost.set(entry.host, entry);
  return [...byHost.values()];
}

/** A setting name as it may be written: letters, digits, `_`, `.` and `-`. */
export function isSettingName(name: string): boolean {
  return /^[A-Za-z_][A-Za-z0-9_.-]{0,199}$/.test(name);
}
