/**
 * Connection settings of .NET configuration files (`appsettings.json`,
 * `appsettings.Development.json`): every `ConnectionStrings` member
 * (`Server=sqldata;…`, `Host=postgres;…`, `redis:6379,abortConnect=false`),
 * and any other string member whose value holds a URL (`Urls:Basket`,
 * `IdentityUrl`) or whose name says it connects (`EventBusConnection`,
 * `RabbitMQ:HostName`). Each is a setting named by its configuration key (the
 * JSON path joined by `:`, as .NET names it), resolved once every file is
 * read. The file may hold comments and trailing commas, as .NET allows.
 */
import { noFileFacts, type Extractor, type FileFacts, type SettingHint } from '../file-facts';
import { baseNameOf, folderOf } from '../repository-paths';
import { asRecord, evidenceAt, parseStructuredDocuments, type StructuredDocument } from '../structured-text';

export function isAppSettingsFileName(path: string): boolean {
  return /^appsettings(?:\.[\w-]+)*\.json$/i.test(baseNameOf(path));
}

/** Last key parts that say a value names where to connect. */
const connectingKey = /(?:connection|connectionstring|host|hostname|server|servers|address|endpoint|url|uri|brokers?)$/i;

/**
 * The text with `//` and `/* *\/` comments and trailing commas blanked out
 * (line breaks kept, so lines still match), as System.Text.Json reads
 * configuration; strings are left alone.
 */
export function withoutJsonComments(text: string): string {
  const out = text.split('');
  let index = 0;
  let lastSignificant = -1;
  while (index < text.length) {
    const char = text[index]!;
    if (char === '"') {
      index++;
      while (index < text.length && text[index] !== '"') index += text[index] === '\\' ? 2 : 1;
      lastSignificant = index;
      index++;
    } else if (char === '/' && text[index + 1] === '/') {
      while (index < text.length && text[index] !== '\n') out[index++] = ' ';
    } else if (char === '/' && text[index + 1] === '*') {
      const end = text.indexOf('*/', index + 2);
      const stop = end < 0 ? text.length : end + 2;
      for (; index < stop; index++) if (out[index] !== '\n') out[index] = ' ';
    } else {
      if ((char === '}' || char === ']') && lastSignificant >= 0 && text[lastSignificant] === ',') out[lastSignificant] = ' ';
      if (!/\s/.test(char)) lastSignificant = index;
      index++;
    }
  }
  return out.join('');
}

function settingsOf(path: string, document: StructuredDocument): SettingHint[] {
  const from = { by: 'enclosing', folder: folderOf(path) } as const;
  const hints: SettingHint[] = [];
  const visit = (value: unknown, at: (string | number)[], depth: number): void => {
    if (depth > 32) return;
    if (typeof value === 'string') {
      const last = String(at[at.length - 1] ?? '');
      const isConnectionString = at.length >= 2 && String(at[0]).toLowerCase() === 'connectionstrings';
      if (!isConnectionString && !value.includes('://') && !connectingKey.test(last)) return;
      const span = document.spanAt(at);
      if (span !== null) hints.push({ hint: 'setting', from, variable: at.join(':'), value, envFolder: null, evidence: [evidenceAt(path, span)] });
    } else if (Array.isArray(value)) {
      for (const [index, item] of value.entries()) visit(item, [...at, index], depth + 1);
    } else {
      for (const [key, item] of Object.entries(asRecord(value) ?? {})) visit(item, [...at, key], depth + 1);
    }
  };
  visit(document.value, [], 0);
  return hints;
}

function extract(path: string, text: string): FileFacts {
  const [document] = parseStructuredDocuments(withoutJsonComments(text), 'json');
  if (document === undefined || asRecord(document.value) === null) return noFileFacts;
  const hints = settingsOf(path, document);
  return hints.length === 0 ? noFileFacts : { facts: [], hints };
}

export const dotnetAppSettingsExtractor: Extractor = {
  name: 'dotnet-appsettings',
  version: 1,
  mayRead: isAppSettingsFileName,
  extract,
  tables: { connectingKey: connectingKey.source, sections: ['ConnectionStrings'] },
};
