/**
 * The first `maxBytes` of an answer's body; the rest is never read (the stream is cancelled).
 * A body cut short gives what arrived: the status is what the caller reports, the start of the
 * body only its words.
 */
export async function readBodyStart(response: Response, maxBytes: number): Promise<Buffer> {
  if (!response.body) return Buffer.alloc(0);
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let kept = 0;
  try {
    while (kept < maxBytes) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(value.subarray(0, maxBytes - kept));
      kept += Math.min(value.length, maxBytes - kept);
    }
  } catch {
    // Cut short: what arrived is kept.
  } finally {
    await reader.cancel().catch(() => undefined);
  }
  return Buffer.concat(chunks);
}
