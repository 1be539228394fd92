/**
 * What a .NET Aspire AppHost deploys (a C# file that calls
 * `DistributedApplication.CreateBuilder`): each `AddProject`, `AddNpmApp`,
 * `AddContainer`, `AddDockerfile`… is a deployed app named by its resource
 * name; each `AddRedis`, `AddPostgres`… a store; a child resource
 * (`.AddDatabase("catalogdb")`) is another host name of its server; and
 * `.WithReference(x)` / `.WaitFor(x)` connect the resource to x, as does
 * `.WithEnvironment("NAME", x.GetEndpoint(…))` by that setting. Variables
 * (`var redis = builder.AddRedis("redis");`) and fluent chains across lines
 * are followed; anything computed (a name in a constant, a loop) is not.
 */
import type { Evidence } from '../extracted-fact';
import { cleanName } from '../fact-keys';
import { noFileFacts, observedIn, type ElementRef, type Extractor, type FileFacts } from '../file-facts';
import { baseNameOf, folderOf, joinRepositoryPath } from '../repository-paths';
import { LineIndex } from '../structured-text';
import { imageRepository, runtimeTechnologyOfImage, storeTechnologyOfImage } from '../technology-catalog';

/** Hosting methods that add a store or broker, with its technology. */
export const aspireStoreMethods: Readonly<Record<string, string>> = Object.freeze({
  AddRedis: 'Redis',
  AddValkey: 'Valkey',
  AddGarnet: 'Garnet',
  AddPostgres: 'PostgreSQL',
  AddSqlServer: 'SQL Server',
  AddMySql: 'MySQL',
  AddOracle: 'Oracle',
  AddMongoDB: 'MongoDB',
  AddRabbitMQ: 'RabbitMQ',
  AddKafka: 'Kafka',
  AddNats: 'NATS',
  AddElasticsearch: 'Elasticsearch',
  AddQdrant: 'Qdrant',
  AddMilvus: 'Milvus',
  AddMemcached: 'Memcached',
  AddAzureCosmosDB: 'Azure Cosmos DB',
  AddAzureServiceBus: 'Azure Service Bus',
  AddAzureStorage: 'Azure Storage',
  AddAzureEventHubs: 'Azure Event Hubs',
  AddAzureRedis: 'Azure Cache for Redis',
  AddAzurePostgresFlexibleServer: 'PostgreSQL',
  AddAzureSqlServer: 'SQL Server',
  AddAzureSearch: 'Azure AI Search',
  AddAzureKeyVault: 'Azure Key Vault',
  AddAzureAppConfiguration: 'Azure App Configuration',
  AddAzureSignalR: 'Azure SignalR',
});

/** Hosting methods that run an app from a folder: which argument names the folder and the runtime. */
export const aspireAppMethods: Readonly<Record<string, { pathArgument: number; pathIsFile: boolean; technology: string | null }>> = Object.freeze({
  AddNpmApp: { pathArgument: 1, pathIsFile: false, technology: 'Node.js' },
  AddViteApp: { pathArgument: 1, pathIsFile: false, technology: 'Node.js' },
  AddNodeApp: { pathArgument: 1, pathIsFile: true, technology: 'Node.js' },
  AddPythonApp: { pathArgument: 1, pathIsFile: false, technology: 'Python' },
  AddUvicornApp: { pathArgument: 1, pathIsFile: false, technology: 'Python' },
  AddGolangApp: { pathArgument: 1, pathIsFile: false, technology: 'Go' },
  AddExecutable: { pathArgument: 2, pathIsFile: false, technology: null },
});

/** One `.Name<Type>(arguments)` of a statement, with its lines. */
interface Call {
  method: string;
  typeArgument: string | null;
  arguments: string[];
  startLine: number;
  endLine: number;
}

/** What a variable or chain stands for. */
interface Resource {
  /** The resource name: the host name other resources reach it by. */
  name: string;
  /** The element it is or belongs to (a database belongs to its server). */
  ref: Extract<ElementRef, { by: 'name' }>;
  /** Whether WithReference/WaitFor on it connect an element (a store does not call out). */
  calls: boolean;
}

/** The text with comments and the insides of strings blanked (line breaks kept), so brackets and `;` can be counted. */
function codeOnly(text: string): string {
  let result = '';
  let index = 0;
  while (index < text.length) {
    const rest = text.slice(index, index + 2);
    if (rest === '//') {
      const end = text.indexOf('\n', index);
      const stop = end < 0 ? text.length : end;
      result += ' '.repeat(stop - index);
      index = stop;
    } else if (rest === '/*') {
      const end = text.indexOf('*/', index + 2);
      const stop = end < 0 ? text.length : end + 2;
      result += text.slice(index, stop).replace(/[^\n]/g, ' ');
      index = stop;
    } else if (text[index] === '"' || rest === '@"' || rest === '$"') {
      // Strings stay as they are (their names are read later); only their length is found here.
      const verbatim = rest === '@"';
      let end = index + (text[index] === '"' ? 1 : 2);
      while (end < text.length && text[end] !== '"' && text[end] !== '\n') end += !verbatim && text[end] === '\\' ? 2 : 1;
      const stop = Math.min(text.length, end + 1);
      result += text.slice(index, stop).replace(/[;(){}]/g, ' ');
      index = stop;
    } else {
      result += text[index];
      index++;
    }
  }
  return result;
}

/** Top-level arguments of an argument list text. */
function splitArguments(inside: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let current = '';
  for (const character of inside) {
    if ('(<[{'.includes(character)) depth++;
    if (')>]}'.includes(character)) depth--;
    if (character === ',' && depth === 0) {
      parts.push(current.trim());
      current = '';
    } else {
      current += character;
    }
  }
  if (current.trim() !== '') parts.push(current.trim());
  return parts;
}

/** The value of a plain string literal argument (`"catalog-api"`, `name: "x"`), or null. */
function literal(argument: string | undefined): string | null {
  const written = argument?.trim().replace(/^\w+\s*:\s*/, '') ?? '';
  const verbatim = /^@"([^"{}]*)"$/.exec(written);
  if (verbatim) return verbatim[1]!;
  const regular = /^"((?:[^"{}\\]|\\.)*)"$/.exec(written);
  return regular ? regular[1]!.replace(/\\(.)/g, '$1') : null;
}

/** A bare variable argument (`redis`, `catalogDb`, `api.GetEndpoint("http")` → `api`), or null. */
function variableOf(argument: string | undefined): string | null {
  const match = /^(?:\w+\s*:\s*)?([A-Za-z_]\w*)\b/.exec(argument?.trim() ?? '');
  return match ? match[1]! : null;
}

/** A statement's receiver and its chain of calls. */
function parseStatement(code: string, start: number, lines: LineIndex): { assigned: string | null; receiver: string; calls: Call[] } | null {
  // `var x = …`, `IResourceBuilder<…> x = …` or `x = …` (assigned in a branch), then the receiver of the chain.
  const head = /^\s*(?:(?:(?:var|IResourceBuilder<[^=;]*>)\s+)?([A-Za-z_]\w*)\s*=\s*)?([A-Za-z_]\w*)\s*(?=\.)/.exec(code);
  if (!head) return null;
  const calls: Call[] = [];
  let index = head[0].length;
  const callPattern = /^\s*\.\s*([A-Za-z_]\w*)\s*(?:<([^<>()]*(?:<[^<>()]*>)?[^<>()]*)>)?\s*\(/;
  for (;;) {
    const match = callPattern.exec(code.slice(index));
    if (!match) break;
    const open = index + match[0].length;
    let depth = 1;
    let close = open;
    while (close < code.length && depth > 0) {
      if (code[close] === '(') depth++;
      else if (code[close] === ')') depth--;
      close++;
    }
    if (depth !== 0) break;
    const methodStart = index + match[0].indexOf('.');
    calls.push({
      method: match[1]!,
      typeArgument: match[2]?.trim() ?? null,
      arguments: splitArguments(code.slice(open, close - 1)),
      startLine: lines.lineOf(start + methodStart),
      endLine: lines.lineOf(start + close - 1),
    });
    index = close;
  }
  return calls.length === 0 ? null : { assigned: head[1] ?? null, receiver: head[2]!, calls };
}

/** Statements of the file (text between `;`, `{` and `}`), with their offsets. */
function statementsOf(code: string): { text: string; start: number }[] {
  const statements: { text: string; start: number }[] = [];
  let start = 0;
  let depth = 0;
  for (let index = 0; index < code.length; index++) {
    const character = code[index]!;
    if (character === '(') depth++;
    else if (character === ')') depth = Math.max(0, depth - 1);
    // Braces inside a call (a lambda) stay part of the statement.
    else if ((character === ';' || character === '{' || character === '}') && depth === 0) {
      statements.push({ text: code.slice(start, index), start });
      start = index + 1;
    }
  }
  statements.push({ text: code.slice(start), start });
  return statements;
}

/** The project type's own name: `Projects.Catalog_API` → `Catalog_API`. */
function projectTypeName(typeArgument: string): string | null {
  const name = typeArgument.split('.').pop()?.trim() ?? '';
  return /^[A-Za-z_]\w*$/.test(name) ? name : null;
}

/**
 * Where an AppHost's builder code lives: `Program.cs` or `AppHost.cs`, or any C# file of a
 * `*.AppHost` project; other C# files are not read (a scan keeps the files that may hold facts).
 */
export function isAppHostPath(path: string): boolean {
  return /\.cs$/i.test(path) && (/^(?:program|apphost)\.cs$/i.test(baseNameOf(path)) || /apphost[^/]*\//i.test(path));
}

function extract(path: string, text: string): FileFacts {
  if (!text.includes('DistributedApplication.CreateBuilder')) return noFileFacts;
  const code = codeOnly(text);
  const lines = new LineIndex(text);
  const builder = /\b([A-Za-z_]\w*)\s*=\s*DistributedApplication\s*\.\s*CreateBuilder\b/.exec(code)?.[1] ?? 'builder';
  const folder = folderOf(path);
  const facts: FileFacts = { facts: [], hints: [], notes: [] };
  const variables = new Map<string, Resource>();
  const evidenceOf = (call: Call): Evidence[] => [{ path, startLine: call.startLine, endLine: call.endLine }];

  /** The resource a builder call adds, with its element draft and deployment hint. */
  const addResource = (call: Call): Resource | null => {
    const name = cleanName(literal(call.arguments[0]));
    if (name === null) return null;
    const evidence = evidenceOf(call);
    const store = aspireStoreMethods[call.method];
    const app = aspireAppMethods[call.method];
    let kind: 'app' | 'store' = 'app';
    let technology: string | null = null;
    let buildFolder: string | null = null;
    let dockerfile: string | null = null;
    const projectNames: string[] = [];
    const images: string[] = [];
    if (Object.hasOwn(aspireStoreMethods, call.method) && store !== undefined) {
      kind = 'store';
      technology = store;
    } else if (call.method === 'AddProject' || call.method === 'AddAzureFunctionsProject') {
      const typeName = call.typeArgument === null ? null : projectTypeName(call.typeArgument);
      const projectPath = literal(call.arguments[1]);
      if (typeName !== null) projectNames.push(typeName);
      else if (projectPath !== null) {
        const joined = joinRepositoryPath(folder, projectPath.replaceAll('\\', '/'));
        if (joined !== null) {
          buildFolder = /\.\w*proj$/i.test(joined) ? folderOf(joined) : joined;
          projectNames.push(baseNameOf(joined).replace(/\.\w*proj$/i, ''));
        }
      } else return null;
    } else if (Object.hasOwn(aspireAppMethods, call.method) && app !== undefined) {
      const appPath = literal(call.arguments[app.pathArgument]);
      const joined = appPath === null ? null : joinRepositoryPath(folder, appPath);
      buildFolder = joined !== null && app.pathIsFile ? folderOf(joined) : joined;
      technology = app.technology;
    } else if (call.method === 'AddContainer') {
      const image = literal(call.arguments[1]);
      if (image === null) return null;
      const storeTechnology = storeTechnologyOfImage(image);
      if (storeTechnology !== null) {
        kind = 'store';
        technology = storeTechnology;
      } else technology = runtimeTechnologyOfImage(image);
      images.push(imageRepository(image));
    } else if (call.method === 'AddYarp') {
      // A YARP reverse proxy in a container: its routes name the resources it forwards to (below).
      technology = 'YARP';
      proxies.add(name);
    } else if (call.method === 'AddDockerfile') {
      const context = literal(call.arguments[1]);
      buildFolder = context === null ? null : joinRepositoryPath(folder, context);
      const named = literal(call.arguments[2]);
      dockerfile = buildFolder !== null && named !== null ? joinRepositoryPath(buildFolder, named) : null;
    } else {
      return null;
    }
    const ref: Extract<ElementRef, { by: 'name' }> = { by: 'name', kind, name };
    facts.facts.push({ draft: 'element', ...observedIn(evidence), ref, kind, origin: 'aspire', name, description: null, technology });
    if (kind === 'app') facts.hints.push({ hint: 'deployment', ref, via: 'aspire', buildFolder, dockerfile, projectNames, images, evidence });
    return { name, ref, calls: kind === 'app' };
  };

  /** WithReference/WaitFor of a resource: connections, via `reference` when referenced, else start order. */
  const proxies = new Set<string>();
  const pending: { from: Resource; target: string; variable: string | null; method: string; evidence: Evidence[] }[] = [];
  for (const statement of statementsOf(code)) {
    const parsed = parseStatement(statement.text, statement.start, lines);
    if (parsed === null) continue;
    let current: Resource | null = parsed.receiver === builder ? null : (variables.get(parsed.receiver) ?? null);
    if (parsed.receiver !== builder && current === null) continue;
    parsed.calls.forEach((call, position) => {
      if (position === 0 && parsed.receiver === builder) {
        current = addResource(call);
        if (current === null && call.method.startsWith('Add') && !/^Add(?:Parameter|ConnectionString|Project|AzureFunctionsProject|Container|Dockerfile)$/.test(call.method)) {
          facts.notes!.push(`${call.method} is not mapped`);
        }
        return;
      }
      if (current === null) return;
      if (/^Add\w+$/.test(call.method)) {
        // A child of a server (`.AddDatabase("catalogdb")`, `.AddQueue("orders")`): another host name of the same element.
        const child = cleanName(literal(call.arguments[0]));
        if (child === null) return;
        facts.hints.push({ hint: 'host-alias', host: child.toLowerCase(), ref: current.ref, evidence: evidenceOf(call) });
        current = { name: child, ref: current.ref, calls: current.calls };
      } else if (call.method === 'WithReference' || call.method === 'WaitFor') {
        const target = variableOf(call.arguments[0]);
        if (target !== null && current.calls) pending.push({ from: current, target, variable: null, method: call.method, evidence: evidenceOf(call) });
      } else if (proxies.has(current.name) && call.method !== 'WithReference' && call.method !== 'WaitFor' && call.method !== 'WithEnvironment') {
        // A proxy's route configuration (`.WithConfiguration(…)`, `.ConfigureRoutes(catalogApi, orderingApi)`) passes the resources it forwards to.
        for (const argument of call.arguments) {
          const target = variableOf(argument);
          if (target !== null && variables.has(target) && current.calls) pending.push({ from: current, target, variable: null, method: 'proxy', evidence: evidenceOf(call) });
        }
      } else if (call.method === 'WithEnvironment') {
        // `WithEnvironment("Identity__Url", identityApi.GetEndpoint("https"))`: the variable is set to another resource's address.
        const variable = literal(call.arguments[0]);
        const target = variableOf(call.arguments[1]);
        if (variable !== null && target !== null && current.calls) pending.push({ from: current, target, variable, method: call.method, evidence: evidenceOf(call) });
      }
    });
    if (parsed.assigned !== null && current !== null) variables.set(parsed.assigned, current);
  }
  const referenced = new Set(pending.filter((entry) => entry.method === 'WithReference').map((entry) => `${entry.from.name}\u0000${entry.target}`));
  for (const entry of pending) {
    const target = variables.get(entry.target);
    // A resource's own address (a callback URL) is no connection.
    if (target === undefined || target.ref.name === entry.from.ref.name) continue;
    if (entry.method === 'WaitFor' && referenced.has(`${entry.from.name}\u0000${entry.target}`)) continue;
    const via = entry.method === 'WaitFor' ? 'depends-on' : entry.method === 'proxy' ? 'proxy' : 'reference';
    facts.hints.push({ hint: 'connection', from: entry.from.ref, host: target.name.toLowerCase(), via, variable: entry.variable, scheme: null, evidence: entry.evidence });
  }
  if (facts.facts.length === 0 && facts.hints.length === 0) return noFileFacts;
  if (facts.notes!.length === 0) delete facts.notes;
  return facts;
}

export const aspireAppHostExtractor: Extractor = {
  name: 'aspire-app-host',
  version: 2,
  mayRead: isAppHostPath,
  extract,
  tables: { aspireStoreMethods, aspireAppMethods },
};
