/** The codings a web client file is sent in. */
export type ContentCoding = 'br' | 'gzip' | 'identity';

/**
 * The coding to send for an `Accept-Encoding` header (RFC 9110 section
 * 12.5.3): brotli or gzip when the client accepts it with a weight above 0
 * (by name or by `*`), the higher weight winning and brotli on a tie (it is
 * smaller); otherwise the file as it is.
 *
 * @example
 * preferredCoding('gzip, deflate, br, zstd') // 'br'
 */
export function preferredCoding(acceptEncoding: string | undefined): ContentCoding {
  if (!acceptEncoding) return 'identity';
  const weights = new Map<string, number>();
  for (const entry of acceptEncoding.split(',')) {
    const [name, ...parameters] = entry.split(';').map((part) => part.trim().toLowerCase());
    if (!name) continue;
    const q = parameters.find((p) => p.startsWith('q='));
    const weight = q === undefined ? 1 : Number(q.slice(2));
    weights.set(name, Number.isFinite(weight) ? weight : 0);
  }
  const weightOf = (coding: string) => weights.get(coding) ?? weights.get('*') ?? 0;
  const br = weightOf('br');
  const gzip = weightOf('gzip');
  if (br > 0 && br >= gzip) return 'br';
  if (gzip > 0) return 'gzip';
  return 'identity';
}
