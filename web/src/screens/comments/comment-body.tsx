import type { CommentView } from './comments-api';

/**
 * A comment's words exactly as written: plain text with its line breaks (Markdown is not
 * rendered, by the service or here), or the tombstone of a deleted comment.
 */
export function CommentBody({ comment }: { comment: CommentView }) {
  if (comment.deleted || comment.body === null) return <p class="comments-tombstone">deleted</p>;
  return <div class="comments-text">{comment.body}</div>;
}
