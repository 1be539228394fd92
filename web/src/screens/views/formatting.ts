/** A timestamp of the API in the reader's local time, minutes precision. */
export function formatTime(iso: string | null): string {
  if (iso === null) return '';
  const at = new Date(iso);
  return Number.isNaN(at.getTime()) ? iso : at.toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
}
