/**
 * The link an owner sends to the person invited. The secret rides in the
 * fragment (`#secret=`), which a browser never sends to any server, so it
 * stays out of access logs and Referer headers; the invitation page reads it.
 */
export function invitationLink(invitationId: string, secret: string): string {
  return `${window.location.origin}/invitations/${encodeURIComponent(invitationId)}#secret=${encodeURIComponent(secret)}`;
}

/** The secret of the invitation link the page was opened with, if any. */
export function secretFromFragment(hash: string): string | null {
  const value = new URLSearchParams(hash.startsWith('#') ? hash.slice(1) : hash).get('secret');
  return value && value.trim() !== '' ? value : null;
}
