/**
 * Files that hold secrets are never read into facts (docs/extraction.md
 * "Content clearance"). A file is held back by its name before it is read,
 * and by its text before any extractor sees it; either way it is skipped with
 * reason `secret` and nothing of it (not even a blob SHA) leaves the scan.
 */

/**
 * File names (compared without case) that hold credentials by convention:
 * dotenv files (but Compose's `.env`, read cleared), SSH and TLS private keys, key stores, package-registry and
 * netrc logins, cloud credential files, Terraform variables and state (state
 * keeps every secret in clear), password databases.
 */
export const secretFileNames = [
  'id_rsa',
  'id_dsa',
  'id_ecdsa',
  'id_ed25519',
  'credentials',
  'credentials.json',
  '.npmrc',
  '.pypirc',
  '.netrc',
  '_netrc',
  '.git-credentials',
  '.pgpass',
  '.my.cnf',
  '.htpasswd',
  '.vault-token',
  '.dockercfg',
  'kubeconfig',
  'secrets.yml',
  'secrets.yaml',
  'secrets.json',
  'terraform.tfvars',
] as const;

/** Name endings (compared without case) of key, certificate-bundle, key-store, state and password-database files. */
export const secretFileSuffixes = [
  '.env',
  '.pem',
  '.key',
  '.p12',
  '.pfx',
  '.jks',
  '.keystore',
  '.ppk',
  '.gpg',
  '.kdbx',
  '.tfvars',
  '.tfstate',
  '.tfstate.backup',
] as const;

/** `.env.<x>` holds secrets, except these templates, which by convention hold placeholders only. */
export const dotenvTemplateSuffixes = ['example', 'sample', 'template', 'dist'] as const;

/**
 * Text that is a secret wherever it stands. Kept to patterns with few false
 * alarms: a file wrongly held back only loses its facts, a secret let through
 * would be stored and shown.
 */
export const secretContentPatterns: readonly { name: string; pattern: RegExp }[] = [
  { name: 'PEM private key', pattern: /-----BEGIN (?:[A-Z0-9]+ )*PRIVATE KEY(?: BLOCK)?-----/ },
  { name: 'AWS access key ID', pattern: /\b(?:AKIA|ASIA|A3T[A-Z0-9])[A-Z0-9]{16}\b/ },
  { name: 'AWS secret access key', pattern: /aws_?secret_?access_?key["']?\s*[:=]\s*["']?[A-Za-z0-9/+]{40}(?![A-Za-z0-9/+])/i },
  { name: 'GitHub token', pattern: /\b(?:gh[pousr]_[A-Za-z0-9]{36,}|github_pat_[A-Za-z0-9_]{40,})\b/ },
  { name: 'GitLab token', pattern: /\bglpat-[A-Za-z0-9_-]{20,}\b/ },
  { name: 'Slack token', pattern: /\bxox[abposr]-[A-Za-z0-9-]{10,}\b/ },
  { name: 'Stripe live key', pattern: /\b[rs]k_live_[A-Za-z0-9]{16,}\b/ },
  { name: 'Google API key', pattern: /\bAIza[0-9A-Za-z_-]{35}\b/ },
  { name: 'Kubernetes Secret', pattern: /^kind:\s*["']?Secret["']?\s*$/m },
];

const names = new Set<string>(secretFileNames);

/**
 * The dotenv file Compose reads beside a compose file. Unlike other dotenv
 * files it is read, because it often holds the wiring (`CART_ADDR=cart:7070`,
 * `POSTGRES_IMAGE=postgres:17`), but only after `clearDotenvText` withheld
 * every value that is or may be a secret.
 */
export function isComposeDotenv(path: string): boolean {
  return baseName(path) === '.env';
}

/** Variable names whose value is a credential whatever it looks like. */
export const secretVariablePattern = /(?:pass(?:word|wd|phrase)?|pwd|secret|token|api[_-]?key|access[_-]?key|private|credential|auth|cert|salt|signature|(?:^|[_.-])key$)/i;

/** A value that looks like a generated key: long, no spaces, letters mixed with digits. */
function looksGenerated(value: string): boolean {
  return value.length >= 24 && /^[A-Za-z0-9+/=_-]+$/.test(value) && /[0-9]/.test(value) && /[A-Za-z]/.test(value) && !/^[a-z0-9-]+$/.test(value);
}

/**
 * A dotenv line's value with every credential removed, or null when the
 * whole value must be withheld: a secret by the variable's name or the
 * value's shape. URL user information (`user:password@`) and connection
 * string passwords (`Password=…;`) are cut, the rest (the host) kept.
 */
export function clearedDotenvValue(variable: string, value: string): string | null {
  if (secretVariablePattern.test(variable) || findSecretInText(value) !== null || looksGenerated(value)) return null;
  const withoutUserInfo = value.replace(/(\/\/)[^/@\s]*@/g, '$1');
  if (!withoutUserInfo.includes(';')) return withoutUserInfo;
  return withoutUserInfo
    .split(';')
    .filter((member) => !/^\s*(?:password|pwd|user ?id|uid|user(?:name)?)\s*=/i.test(member))
    .join(';');
}

/**
 * The text of a Compose dotenv file with every withheld value blanked
 * (`STRIPE_KEY=`), line for line, so evidence lines still point right and
 * nothing withheld is read, stored or shown.
 */
export function clearDotenvText(text: string): string {
  return text
    .split('\n')
    .map((line) => {
      const match = /^(\s*(?:export\s+)?([A-Za-z_][A-Za-z0-9_.-]*)\s*=\s*)(.*?)(\r?)$/.exec(line);
      if (match === null) return /^\s*(?:#.*)?\r?$/.test(line) ? line : '';
      const [, head, variable, raw, cr] = match;
      const quoted = /^(["'])(.*)\1$/.exec(raw!.trim());
      const cleared = clearedDotenvValue(variable!, quoted ? quoted[2]! : raw!.replace(/\s+#.*$/, '').trim());
      return `${head}${cleared === null ? '' : quoted ? `${quoted[1]}${cleared}${quoted[1]}` : cleared}${cr}`;
    })
    .join('\n');
}

function baseName(path: string): string {
  return path.slice(path.lastIndexOf('/') + 1).toLowerCase();
}

/** True when a file's name says it holds secrets: it is then never read. `path` is a normalised repository path. */
export function isSecretFileName(path: string): boolean {
  const name = baseName(path);
  if (names.has(name)) return true;
  // Read with its secret values withheld (clearDotenvText).
  if (name === '.env') return false;
  if (name.startsWith('.env.')) return !(dotenvTemplateSuffixes as readonly string[]).includes(name.slice('.env.'.length));
  // A key pair's public half (`id_rsa.pub`) is not secret; `id_rsa_old` and `id_rsa.bak` are.
  if (/^id_(?:rsa|dsa|ecdsa|ed25519)/.test(name)) return !name.endsWith('.pub');
  return secretFileSuffixes.some((suffix) => name.endsWith(suffix));
}

/** The text extractors see and a scan keeps: a Compose `.env` cleared of its secret values, any other file as it is. */
export function clearedText(path: string, text: string): string {
  return isComposeDotenv(path) ? clearDotenvText(text) : text;
}

/** The name of the first secret pattern the text holds, or null when it holds none. Runs before any extractor sees the text. */
export function findSecretInText(text: string): string | null {
  for (const { name, pattern } of secretContentPatterns) if (pattern.test(text)) return name;
  return null;
}
