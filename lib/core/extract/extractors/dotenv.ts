/**
 * The values of Compose's `.env` beside a compose file (`CART_ADDR=cart:7070`,
 * `POSTGRES_IMAGE=postgres:17`): the variables compose files substitute and
 * pass through. The driver clears the text before this runs
 * (content-clearance.ts `clearDotenvText`): a withheld value arrives empty and
 * is listed by name only. Nothing here becomes a fact by itself; the compose
 * services that use a value cite its line as evidence.
 */
import { isComposeDotenv } from '../content-clearance';
import { noFileFacts, type EnvFileHint, type Extractor, type FileFacts } from '../file-facts';
import { folderOf } from '../repository-paths';

function extract(path: string, text: string): FileFacts {
  const values: EnvFileHint['values'] = {};
  const withheld: string[] = [];
  text.split('\n').forEach((line, index) => {
    const match = /^\s*(?:export\s+)?([A-Za-z_][A-Za-z0-9_.-]*)\s*=\s*(.*?)\r?$/.exec(line);
    if (match === null) return;
    const [, variable, raw] = match;
    const quoted = /^(["'])(.*)\1$/.exec(raw!.trim());
    const value = quoted ? quoted[2]! : raw!.replace(/\s+#.*$/, '').trim();
    // Compose: a later line sets the variable again.
    if (value === '') withheld.push(variable!);
    else values[variable!] = { value, evidence: { path, startLine: index + 1, endLine: index + 1 } };
  });
  if (Object.keys(values).length === 0) return noFileFacts;
  return { facts: [], hints: [{ hint: 'env-file', folder: folderOf(path), values, withheld: [...new Set(withheld)].sort() }] };
}

export const dotenvExtractor: Extractor = {
  name: 'dotenv',
  version: 1,
  mayRead: isComposeDotenv,
  extract,
  tables: {},
};
