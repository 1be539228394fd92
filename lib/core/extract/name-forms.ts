/**
 * One spelling for the names a repository gives one thing: `CartService`,
 * `cart-service`, `cartservice`, `Cart.API` and `cart` all read `cart`. Used to
 * join the names of one deployed service (compose name, project name, proto
 * service) and never as a key: keys keep the deployed name.
 */

/** Suffixes a service name often carries; one is dropped when something is left. */
export const serviceNameSuffixes = ['services', 'service', 'svc', 'api', 'app', 'server'] as const;

/** Lower case letters and digits only. */
export function flatName(name: string): string {
  return name.normalize('NFKD').toLowerCase().replace(/[^a-z0-9]/g, '');
}

/** The flat name without one service suffix (`cartservice` → `cart`). */
export function canonicalName(name: string): string {
  const flat = flatName(name);
  for (const suffix of serviceNameSuffixes) {
    if (flat.length > suffix.length + 1 && flat.endsWith(suffix)) return flat.slice(0, -suffix.length);
  }
  return flat;
}
