import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { commentEventsOf, type EventThread } from './comment-event-plan';

const thread: EventThread = {
  id: '11111111-1111-4111-8111-111111111111',
  workspaceId: '22222222-2222-4222-8222-222222222222',
  projectId: '33333333-3333-4333-8333-333333333333',
  draftId: null,
  target: { kind: 'element', id: '44444444-4444-4444-8444-444444444444' },
};
const at = new Date('2026-11-24T10:00:00.000Z');
const actor = 'user:55555555-5555-4555-8555-555555555555';
const comment = '66666666-6666-4666-8666-666666666666';
const ann = '77777777-7777-4777-8777-777777777777';
const bob = '88888888-8888-4888-8888-888888888888';
const common = { workspaceId: thread.workspaceId, projectId: thread.projectId, threadId: thread.id, actor, target: { kind: 'element', id: thread.target.id, draftId: null }, occurredAt: at };

describe('commentEventsOf', () => {
  it('a new thread gives comment.created for its first comment, then one comment.mentioned per person', () => {
    expect(commentEventsOf({ kind: 'thread-created', commentId: comment, mentions: [ann, bob] }, thread, actor, at)).toEqual([
      { ...common, type: 'comment.created', commentId: comment, mentionedUserId: null },
      { ...common, type: 'comment.mentioned', commentId: comment, mentionedUserId: ann },
      { ...common, type: 'comment.mentioned', commentId: comment, mentionedUserId: bob },
    ]);
  });

  it('a reply gives the same pair of kinds; a thread in a draft names the draft in its target', () => {
    const inDraft = { ...thread, draftId: '99999999-9999-4999-8999-999999999999' };
    expect(commentEventsOf({ kind: 'replied', commentId: comment, mentions: [bob] }, inDraft, actor, at)).toEqual([
      { ...common, target: { ...common.target, draftId: inDraft.draftId }, type: 'comment.created', commentId: comment, mentionedUserId: null },
      { ...common, target: { ...common.target, draftId: inDraft.draftId }, type: 'comment.mentioned', commentId: comment, mentionedUserId: bob },
    ]);
  });

  it('an edit notifies only the people it adds', () => {
    expect(commentEventsOf({ kind: 'edited', commentId: comment, mentionsBefore: [ann], mentionsAfter: [bob, ann] }, thread, actor, at)).toEqual([{ ...common, type: 'comment.mentioned', commentId: comment, mentionedUserId: bob }]);
    expect(commentEventsOf({ kind: 'edited', commentId: comment, mentionsBefore: [ann, bob], mentionsAfter: [ann] }, thread, actor, at)).toEqual([]);
  });

  it('resolving gives one comment.resolved about no comment', () => {
    expect(commentEventsOf({ kind: 'resolved' }, thread, actor, at)).toEqual([{ ...common, type: 'comment.resolved', commentId: null, mentionedUserId: null }]);
  });

  it('whatever the mentions, an edit gives exactly one event per person added and never one for a person kept', () => {
    const person = fc.constantFrom(ann, bob, actor.slice(5), thread.id, comment);
    fc.assert(
      fc.property(fc.uniqueArray(person), fc.uniqueArray(person), (before, after) => {
        const events = commentEventsOf({ kind: 'edited', commentId: comment, mentionsBefore: before, mentionsAfter: after }, thread, actor, at);
        expect(events.map((e) => e.mentionedUserId)).toEqual(after.filter((p) => !before.includes(p)));
        expect(events.every((e) => e.type === 'comment.mentioned' && e.commentId === comment)).toBe(true);
      }),
    );
  });
});
