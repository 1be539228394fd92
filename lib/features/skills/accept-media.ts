/**
 * Which of the offered media types an `Accept` header prefers (RFC 9110
 * 12.5.1): each offer takes the quality of the most specific range that
 * matches it (`type/subtype` over `type/*` over `*\/*`); the highest quality
 * wins, then the offer a more specific range named (`application/json, *\/*`
 * asks for JSON), then the earlier offer; no header, or one no offer
 * matches, gives the first offer (the server's default, not a 406).
 */
export function preferredMediaType<T extends string>(accept: string | undefined, offers: readonly [T, ...T[]]): T {
  if (!accept || accept.trim() === '') return offers[0];
  const ranges = accept.split(',').flatMap((part) => {
    const [range, ...parameters] = part.split(';').map((p) => p.trim().toLowerCase());
    if (!range || !/^[^/\s]+\/[^/\s]+$/.test(range)) return [];
    const qParameter = parameters.find((p) => p.startsWith('q='));
    const q = qParameter === undefined ? 1 : Number(qParameter.slice(2));
    return Number.isFinite(q) && q >= 0 && q <= 1 ? [{ range, q }] : [];
  });
  const qualityOf = (offer: string): { q: number; specificity: number } => {
    const [type] = offer.split('/');
    const specificity = (range: string) => (range === offer ? 3 : range === `${type}/*` ? 2 : range === '*/*' ? 1 : 0);
    let best = { specificity: 0, q: 0 };
    for (const { range, q } of ranges) {
      const s = specificity(range);
      if (s > best.specificity) best = { specificity: s, q };
    }
    return best;
  };
  let chosen = offers[0];
  let chosenQuality = qualityOf(chosen);
  for (const offer of offers.slice(1)) {
    const quality = qualityOf(offer);
    if (quality.q > chosenQuality.q || (quality.q === chosenQuality.q && quality.q > 0 && quality.specificity > chosenQuality.specificity)) {
      chosen = offer;
      chosenQuality = quality;
    }
  }
  return chosen;
}
