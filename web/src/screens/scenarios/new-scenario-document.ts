/**
 * A new scenario's first text. Part 1: "id … Required on create (chosen by
 * the caller)", so the client picks a random GUID and writes it into the
 * document; saving the same text twice then names the same scenario (the
 * second create answers 409 instead of making a copy).
 */
export function newScenarioId(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  // randomUUID needs a secure context; getRandomValues does not (RFC 9562 version 4).
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

export function newScenarioText(id: string): string {
  return `${JSON.stringify({ id, name: 'New scenario', steps: [], faults: [], assertions: [] }, null, 2)}\n`;
}

/** The editor's text of a stored scenario: the document without `origin`, which a save never sets. */
export function storedScenarioText(stored: Record<string, unknown>): string {
  const { origin: _origin, ...document } = stored;
  return `${JSON.stringify(document, null, 2)}\n`;
}
