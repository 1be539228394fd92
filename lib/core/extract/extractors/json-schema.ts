/**
 * Schema facts from JSON Schema files: a `*.schema.json` file, or a JSON file
 * whose `$schema` names a json-schema.org meta-schema. (A configuration file
 * whose `$schema` points at the schema of that configuration, as
 * tsconfig.json or biome.json do, is not itself a schema.) Named by `title`,
 * else by the file's name; keyed by the file's path; the content is the
 * schema as compact JSON.
 */
import { cleanDescription, cleanName, schemaKey } from '../fact-keys';
import { noFileFacts, observedIn, type Extractor, type FileFacts } from '../file-facts';
import { jsonText } from '../json-references';
import { baseNameOf } from '../repository-paths';
import { asRecord, LineIndex, stringMember, wholeText } from '../structured-text';

export const metaSchemaPattern = /^https?:\/\/json-schema\.org\//;

function extract(path: string, text: string): FileFacts {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return noFileFacts;
  }
  const schema = asRecord(value);
  if (schema === null) return noFileFacts;
  const isSchemaFile = /\.schema\.json$/i.test(path) || metaSchemaPattern.test(stringMember(schema, '$schema') ?? '');
  if (!isSchemaFile) return noFileFacts;
  const name = cleanName(stringMember(schema, 'title')) ?? cleanName(baseNameOf(path).replace(/(?:\.schema)?\.json$/i, ''));
  const content = jsonText(schema);
  if (name === null || content === null) return noFileFacts;
  const span = wholeText(new LineIndex(text));
  return {
    facts: [{ draft: 'schema', ...observedIn([{ path, ...span }]), key: schemaKey(path), name, description: cleanDescription(stringMember(schema, 'description')), content }],
    hints: [],
  };
}

export const jsonSchemaExtractor: Extractor = {
  name: 'json-schema',
  version: 1,
  mayRead: (path) => /\.json$/i.test(path),
  extract,
  tables: { fileName: '*.schema.json', metaSchemaPattern: metaSchemaPattern.source },
};
