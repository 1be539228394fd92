/** Cookie name → value from API Gateway's `cookies` entries; the first of a repeated name wins. */
export function parseCookies(cookies: readonly string[] | undefined): Record<string, string> {
  const result: Record<string, string> = {};
  for (const entry of cookies ?? []) {
    for (const part of entry.split(';')) {
      const eq = part.indexOf('=');
      if (eq <= 0) continue;
      const name = part.slice(0, eq).trim();
      if (!(name in result)) result[name] = part.slice(eq + 1).trim();
    }
  }
  return result;
}
