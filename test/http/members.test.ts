import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../../lib/features/auth/password';
import { createTestDatabase, type TestDatabase } from '../support/test-database';
import { startServiceProcess, type ServiceProcess } from '../support/service-process';

const setupToken = 'members-test-setup-token-0123';
const password = 'Correct-Horse-42';
const fourteenDaysMs = 14 * 24 * 60 * 60 * 1000;
const isoTimestamp = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/;

interface Account {
  id: string;
  email: string;
  name: string;
  cookie: string;
}

interface Answer {
  status: number;
  headers: Headers;
  body: any;
}

interface CallOptions {
  as?: Account;
  bearer?: string;
  /** JSON value to send; `undefined` sends no body. */
  body?: unknown;
}

interface Invitation {
  id: string;
  workspaceId: string;
  workspaceName: string;
  email: string;
  role: string;
  status: string;
  invitedBy: string | null;
  createdAt: string;
  expiresAt: string;
  decidedAt: string | null;
  secret?: string;
}

describe('members and invitations over HTTP', () => {
  let database: TestDatabase;
  let service: ServiceProcess;
  let alice: Account; // the instance administrator, owner of every workspace the tests create
  let bob: Account;
  let carol: Account;
  let dave: Account;

  async function call(method: string, path: string, options: CallOptions = {}): Promise<Answer> {
    const headers: Record<string, string> = {};
    if (options.as) headers.cookie = options.as.cookie;
    if (options.bearer) headers.authorization = `Bearer ${options.bearer}`;
    let body: string | undefined;
    if (options.body !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(options.body);
    }
    const response = await fetch(`${service.url}${path}`, { method, headers, body });
    const text = await response.text();
    return { status: response.status, headers: response.headers, body: text ? JSON.parse(text) : undefined };
  }

  function sessionCookieOf(response: Response): string {
    const cookie = response.headers.getSetCookie().find((c) => c.startsWith('svc_session='));
    if (!cookie) throw new Error(`no session cookie in ${response.status} answer`);
    return cookie.split(';')[0]!;
  }

  async function createAccount(email: string, name: string): Promise<Account> {
    const row = await database.db
      .insertInto('users')
      .values({ email, name, password_hash: await hashPassword(password), created_at: new Date() })
      .returning('id')
      .executeTakeFirstOrThrow();
    const response = await fetch(`${service.url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password }),
    });
    expect(response.status).toBe(200);
    return { id: row.id, email, name, cookie: sessionCookieOf(response) };
  }

  async function createWorkspace(name = 'Team'): Promise<string> {
    const answer = await call('POST', '/api/workspaces', { as: alice, body: { name } });
    expect(answer.status).toBe(201);
    return answer.body.id as string;
  }

  async function invite(workspaceId: string, email: string, role: string, as: Account = alice): Promise<Answer> {
    return call('POST', `/api/workspaces/${workspaceId}/invitations`, { as, body: { email, role } });
  }

  /** Invites and accepts through the API: the account becomes a member with `role`. */
  async function addMember(workspaceId: string, account: Account, role: string): Promise<void> {
    const invitation = await invite(workspaceId, account.email, role);
    expect(invitation.status).toBe(201);
    const accepted = await call('POST', `/api/invitations/${invitation.body.id}/accept`, { as: account, body: { secret: invitation.body.secret } });
    expect(accepted.status).toBe(200);
  }

  async function membersOf(workspaceId: string): Promise<Array<{ userId: string; role: string }>> {
    const answer = await call('GET', `/api/workspaces/${workspaceId}/members`, { as: alice });
    expect(answer.status).toBe(200);
    return (answer.body.items as Array<{ userId: string; role: string }>).map(({ userId, role }) => ({ userId, role }));
  }

  async function invitationsOf(workspaceId: string): Promise<Invitation[]> {
    const answer = await call('GET', `/api/workspaces/${workspaceId}/invitations`, { as: alice });
    expect(answer.status).toBe(200);
    return answer.body.items as Invitation[];
  }

  beforeAll(async () => {
    database = await createTestDatabase();
    service = await startServiceProcess({ ConnectionStrings__DefaultConnection: database.url, Svc__SetupToken: setupToken });
    const setup = await fetch(`${service.url}/api/setup`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ setupToken, email: 'alice@example.test', password, name: 'Alice Admin' }),
    });
    expect(setup.status).toBe(201);
    const created = (await setup.json()) as { user: { id: string } };
    alice = { id: created.user.id, email: 'alice@example.test', name: 'Alice Admin', cookie: sessionCookieOf(setup) };
    bob = await createAccount('bob@example.test', 'Bob Builder');
    carol = await createAccount('carol@example.test', 'Carol Cook');
    dave = await createAccount('dave@example.test', 'Dave Diver');
  });

  afterAll(async () => {
    await service?.stop();
    await database?.drop();
  });

  describe('GET W/members', () => {
    it('lists every member with account and role, ordered by name', async () => {
      const workspaceId = await createWorkspace();
      await addMember(workspaceId, carol, 'viewer');
      await addMember(workspaceId, bob, 'editor');
      const answer = await call('GET', `/api/workspaces/${workspaceId}/members`, { as: carol });
      expect(answer.status).toBe(200);
      expect(answer.body).toEqual({
        items: [
          { userId: alice.id, email: alice.email, name: 'Alice Admin', role: 'owner', joinedAt: expect.stringMatching(isoTimestamp) },
          { userId: bob.id, email: bob.email, name: 'Bob Builder', role: 'editor', joinedAt: expect.stringMatching(isoTimestamp) },
          { userId: carol.id, email: carol.email, name: 'Carol Cook', role: 'viewer', joinedAt: expect.stringMatching(isoTimestamp) },
        ],
      });
    });

    it('answers 404 to a person who is not a member, as for a workspace that does not exist', async () => {
      const workspaceId = await createWorkspace();
      const answer = await call('GET', `/api/workspaces/${workspaceId}/members`, { as: dave });
      expect(answer.status).toBe(404);
      expect(answer.body.type).toBe('not_found');
      const missing = await call('GET', '/api/workspaces/00000000-0000-4000-8000-000000000000/members', { as: dave });
      expect(missing.status).toBe(404);
      expect(missing.body.title).toBe(answer.body.title);
    });

    it('answers 401 without a sign-in', async () => {
      const workspaceId = await createWorkspace();
      const answer = await call('GET', `/api/workspaces/${workspaceId}/members`);
      expect(answer.status).toBe(401);
    });
  });

  describe('PATCH W/members/{memberUserId}', () => {
    it('changes a role and answers the membership', async () => {
      const workspaceId = await createWorkspace();
      await addMember(workspaceId, bob, 'editor');
      const answer = await call('PATCH', `/api/workspaces/${workspaceId}/members/${bob.id}`, { as: alice, body: { role: 'viewer' } });
      expect(answer.status).toBe(200);
      expect(answer.body).toEqual({ workspaceId, userId: bob.id, role: 'viewer' });
      expect(await membersOf(workspaceId)).toContainEqual({ userId: bob.id, role: 'viewer' });
      // The new role is in force: a viewer may not create a project.
      const project = await call('POST', `/api/workspaces/${workspaceId}/projects`, { as: bob, body: { name: 'P' } });
      expect(project.status).toBe(403);
    });

    it('answers 404 for a member ID that is no uuid or no member', async () => {
      const workspaceId = await createWorkspace();
      for (const memberUserId of ['not-a-uuid', dave.id]) {
        const answer = await call('PATCH', `/api/workspaces/${workspaceId}/members/${memberUserId}`, { as: alice, body: { role: 'viewer' } });
        expect(answer.status, memberUserId).toBe(404);
        expect(answer.body.type).toBe('not_found');
      }
      expect(await membersOf(workspaceId)).toEqual([{ userId: alice.id, role: 'owner' }]);
    });

    it('refuses a role outside viewer, editor, owner and an unknown field, naming the field', async () => {
      const workspaceId = await createWorkspace();
      await addMember(workspaceId, bob, 'editor');
      const badRole = await call('PATCH', `/api/workspaces/${workspaceId}/members/${bob.id}`, { as: alice, body: { role: 'admin' } });
      expect(badRole.status).toBe(400);
      expect(badRole.body.type).toBe('validation_error');
      expect(badRole.body.errors).toEqual([{ field: 'role', message: expect.any(String) }]);
      const extra = await call('PATCH', `/api/workspaces/${workspaceId}/members/${bob.id}`, { as: alice, body: { role: 'owner', note: 'x' } });
      expect(extra.status).toBe(400);
      expect(extra.body.errors).toEqual([{ field: 'note', message: 'unknown field' }]);
      expect(await membersOf(workspaceId)).toContainEqual({ userId: bob.id, role: 'editor' });
    });

    it('is for owners only: an editor gets 403 and nothing changes', async () => {
      const workspaceId = await createWorkspace();
      await addMember(workspaceId, bob, 'editor');
      await addMember(workspaceId, carol, 'viewer');
      const answer = await call('PATCH', `/api/workspaces/${workspaceId}/members/${carol.id}`, { as: bob, body: { role: 'owner' } });
      expect(answer.status).toBe(403);
      expect(answer.body.type).toBe('forbidden');
      expect(await membersOf(workspaceId)).toContainEqual({ userId: carol.id, role: 'viewer' });
    });
  });

  describe('the last owner', () => {
    it('cannot be demoted or removed (409) and nothing changes; with a second owner it can', async () => {
      const workspaceId = await createWorkspace();
      await addMember(workspaceId, bob, 'editor');
      const before = await membersOf(workspaceId);

      const demote = await call('PATCH', `/api/workspaces/${workspaceId}/members/${alice.id}`, { as: alice, body: { role: 'editor' } });
      expect(demote.status).toBe(409);
      expect(demote.body.type).toBe('conflict');
      const remove = await call('DELETE', `/api/workspaces/${workspaceId}/members/${alice.id}`, { as: alice });
      expect(remove.status).toBe(409);
      expect(remove.body.type).toBe('conflict');
      expect(await membersOf(workspaceId)).toEqual(before);

      const promote = await call('PATCH', `/api/workspaces/${workspaceId}/members/${bob.id}`, { as: alice, body: { role: 'owner' } });
      expect(promote.status).toBe(200);
      const demoteNow = await call('PATCH', `/api/workspaces/${workspaceId}/members/${alice.id}`, { as: alice, body: { role: 'editor' } });
      expect(demoteNow.status).toBe(200);
      expect(demoteNow.body).toEqual({ workspaceId, userId: alice.id, role: 'editor' });
      // Bob is now the last owner.
      const removeBob = await call('DELETE', `/api/workspaces/${workspaceId}/members/${bob.id}`, { as: bob });
      expect(removeBob.status).toBe(409);
    });

    it('survives two owners demoting each other at the same moment: exactly one wins', async () => {
      for (let round = 0; round < 5; round++) {
        const workspaceId = await createWorkspace();
        await addMember(workspaceId, bob, 'owner');
        const [a, b] = await Promise.all([
          call('PATCH', `/api/workspaces/${workspaceId}/members/${bob.id}`, { as: alice, body: { role: 'viewer' } }),
          call('PATCH', `/api/workspaces/${workspaceId}/members/${alice.id}`, { as: bob, body: { role: 'viewer' } }),
        ]);
        // The loser is refused either as no longer an owner (403) or as the last owner (409).
        const statuses = [a.status, b.status].sort();
        expect(statuses[0]).toBe(200);
        expect([403, 409]).toContain(statuses[1]);
        const owners = (await call('GET', `/api/workspaces/${workspaceId}/members`, { as: a.status === 200 ? alice : bob })).body.items.filter((m: { role: string }) => m.role === 'owner');
        expect(owners).toHaveLength(1);
      }
    });
  });

  describe('DELETE W/members/{memberUserId}', () => {
    it('lets an owner remove a member and answers the removed membership', async () => {
      const workspaceId = await createWorkspace();
      await addMember(workspaceId, bob, 'editor');
      const answer = await call('DELETE', `/api/workspaces/${workspaceId}/members/${bob.id}`, { as: alice });
      expect(answer.status).toBe(200);
      expect(answer.body).toEqual({ workspaceId, userId: bob.id, role: 'editor' });
      expect(await membersOf(workspaceId)).toEqual([{ userId: alice.id, role: 'owner' }]);
      const gone = await call('GET', `/api/workspaces/${workspaceId}/members`, { as: bob });
      expect(gone.status).toBe(404);
    });

    it('lets a member leave, but not remove someone else', async () => {
      const workspaceId = await createWorkspace();
      await addMember(workspaceId, bob, 'viewer');
      await addMember(workspaceId, carol, 'viewer');
      const other = await call('DELETE', `/api/workspaces/${workspaceId}/members/${carol.id}`, { as: bob });
      expect(other.status).toBe(403);
      const self = await call('DELETE', `/api/workspaces/${workspaceId}/members/${bob.id}`, { as: bob });
      expect(self.status).toBe(200);
      expect(self.body).toEqual({ workspaceId, userId: bob.id, role: 'viewer' });
      expect(await membersOf(workspaceId)).toEqual([
        { userId: alice.id, role: 'owner' },
        { userId: carol.id, role: 'viewer' },
      ]);
    });
  });

  describe('invitations', () => {
    it('invite → accept with the secret by the invited account makes a member with the invited role', async () => {
      const workspaceId = await createWorkspace('Accept Team');
      const issued = await invite(workspaceId, 'BOB@Example.test', 'editor');
      expect(issued.status).toBe(201);
      expect(issued.body).toEqual({
        id: expect.any(String),
        workspaceId,
        workspaceName: 'Accept Team',
        email: 'BOB@Example.test',
        role: 'editor',
        status: 'open',
        invitedBy: alice.id,
        createdAt: expect.stringMatching(isoTimestamp),
        expiresAt: expect.stringMatching(isoTimestamp),
        decidedAt: null,
        secret: expect.stringMatching(/^svc_inv_[A-Za-z0-9_-]{43}$/),
      });
      const invitation = issued.body as Invitation;
      expect(Date.parse(invitation.expiresAt) - Date.parse(invitation.createdAt)).toBe(fourteenDaysMs);

      // No list shows the secret.
      const { secret: _secret, ...withoutSecret } = invitation;
      expect(await invitationsOf(workspaceId)).toEqual([withoutSecret]);
      const mine = await call('GET', '/api/invitations', { as: bob });
      expect(mine.status).toBe(200);
      expect(mine.body.items).toEqual([withoutSecret]);
      expect((await call('GET', '/api/invitations', { as: carol })).body.items).toEqual([]);

      const accepted = await call('POST', `/api/invitations/${invitation.id}/accept`, { as: bob, body: { secret: invitation.secret } });
      expect(accepted.status).toBe(200);
      expect(accepted.body).toEqual({ workspaceId, userId: bob.id, role: 'editor' });
      expect(await membersOf(workspaceId)).toContainEqual({ userId: bob.id, role: 'editor' });
      const [after] = await invitationsOf(workspaceId);
      expect(after).toMatchObject({ id: invitation.id, status: 'accepted', decidedAt: expect.stringMatching(isoTimestamp) });
      expect((await call('GET', '/api/invitations', { as: bob })).body.items).toEqual([]);

      const again = await call('POST', `/api/invitations/${invitation.id}/accept`, { as: bob, body: { secret: invitation.secret } });
      expect(again.status).toBe(409);
      expect(again.body.type).toBe('conflict');
    });

    it('accept with a wrong secret is refused (403) and nothing changes', async () => {
      const workspaceId = await createWorkspace();
      const issued = await invite(workspaceId, bob.email, 'editor');
      const wrong = await call('POST', `/api/invitations/${issued.body.id}/accept`, { as: bob, body: { secret: `svc_inv_${'A'.repeat(43)}` } });
      expect(wrong.status).toBe(403);
      expect(wrong.body.type).toBe('forbidden');
      expect(await membersOf(workspaceId)).toEqual([{ userId: alice.id, role: 'owner' }]);
      expect((await invitationsOf(workspaceId))[0]!.status).toBe('open');
    });

    it('"null or InvitationSecretRequest": the person invited accepts from their own list with a null body; anyone else gets 403 without the secret', async () => {
      const workspaceId = await createWorkspace();
      const issued = await invite(workspaceId, bob.email, 'viewer');
      const mine = await call('GET', '/api/invitations', { as: bob });
      expect(mine.body.items.map((i: Invitation) => i.id)).toContain(issued.body.id);
      const other = await call('POST', `/api/invitations/${issued.body.id}/accept`, { as: carol, body: null });
      expect(other.status).toBe(403);
      const accepted = await call('POST', `/api/invitations/${issued.body.id}/accept`, { as: bob, body: null });
      expect(accepted.status).toBe(200);
      expect(accepted.body).toEqual({ workspaceId, userId: bob.id, role: 'viewer' });
      const second = await invite(await createWorkspace(), bob.email, 'editor');
      const noBody = await call('POST', `/api/invitations/${second.body.id}/accept`, { as: bob });
      expect(noBody.status).toBe(200);
    });

    it('an invitation secret lets its holder create the account of the invited address and join, though self-registration is closed', async () => {
      const workspaceId = await createWorkspace();
      const email = `Newcomer-${Date.now()}@Example.test`;
      const issued = await invite(workspaceId, email, 'editor');
      const closed = await call('POST', '/api/auth/register', { body: { email, password, name: 'New Comer' } });
      expect(closed.status).toBe(403);

      const wrong = await call('POST', `/api/invitations/${issued.body.id}/register`, { body: { secret: `svc_inv_${'B'.repeat(43)}`, password, name: 'New Comer' } });
      expect(wrong.status).toBe(403);
      const weak = await call('POST', `/api/invitations/${issued.body.id}/register`, { body: { secret: issued.body.secret, password: 'short', name: 'New Comer' } });
      expect(weak.status).toBe(400);
      const extra = await call('POST', `/api/invitations/${issued.body.id}/register`, { body: { secret: issued.body.secret, password, name: 'New Comer', email: 'other@example.test' } });
      expect(extra.status).toBe(400);

      const response = await fetch(`${service.url}/api/invitations/${issued.body.id}/register`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ secret: issued.body.secret, password, name: 'New Comer' }),
      });
      expect(response.status).toBe(201);
      const created = (await response.json()) as { user: { id: string; email: string }; membership: unknown };
      expect(created.user.email).toBe(email);
      expect(created.membership).toEqual({ workspaceId, userId: created.user.id, role: 'editor' });
      const newcomer: Account = { id: created.user.id, email, name: 'New Comer', cookie: sessionCookieOf(response) };
      expect((await call('GET', `/api/workspaces/${workspaceId}/members`, { as: newcomer })).status).toBe(200);
      expect((await invitationsOf(workspaceId)).find((i) => i.id === issued.body.id)!.status).toBe('accepted');
      // The password works for sign-in later.
      const login = await call('POST', '/api/auth/login', { body: { email: email.toLowerCase(), password } });
      expect(login.status).toBe(200);

      // The secret is spent: the invitation is accepted.
      const again = await call('POST', `/api/invitations/${issued.body.id}/register`, { body: { secret: issued.body.secret, password, name: 'Again' } });
      expect(again.status).toBe(409);
      // An address that already has an account signs in and accepts instead.
      const forBob = await invite(workspaceId, bob.email, 'viewer');
      const taken = await call('POST', `/api/invitations/${forBob.body.id}/register`, { body: { secret: forBob.body.secret, password, name: 'Bob Again' } });
      expect(taken.status).toBe(409);
      expect((await invitationsOf(workspaceId)).find((i) => i.id === forBob.body.id)!.status).toBe('open');
    });

    it('accept or decline by another e-mail address is refused (403), even with the secret', async () => {
      const workspaceId = await createWorkspace();
      const issued = await invite(workspaceId, bob.email, 'owner');
      const accept = await call('POST', `/api/invitations/${issued.body.id}/accept`, { as: carol, body: { secret: issued.body.secret } });
      expect(accept.status).toBe(403);
      expect(accept.body.type).toBe('forbidden');
      const decline = await call('POST', `/api/invitations/${issued.body.id}/decline`, { as: carol, body: { secret: issued.body.secret } });
      expect(decline.status).toBe(403);
      expect(await membersOf(workspaceId)).toEqual([{ userId: alice.id, role: 'owner' }]);
      expect((await invitationsOf(workspaceId))[0]!.status).toBe('open');
    });

    it('answers 404 for an unknown invitation', async () => {
      for (const id of ['00000000-0000-4000-8000-000000000000', 'nope']) {
        const accept = await call('POST', `/api/invitations/${id}/accept`, { as: bob, body: { secret: 'svc_inv_x' } });
        expect(accept.status, id).toBe(404);
        const lookUp = await call('POST', `/api/invitations/${id}`, { as: bob, body: null });
        expect(lookUp.status, id).toBe(404);
      }
    });

    it('look-up shows the invitation to the holder of the secret or the invited person, 404 to others', async () => {
      const workspaceId = await createWorkspace();
      const issued = await invite(workspaceId, bob.email, 'viewer');
      const { secret, ...invitation } = issued.body as Invitation;
      const byEmail = await call('POST', `/api/invitations/${invitation.id}`, { as: bob });
      expect(byEmail.status).toBe(200);
      expect(byEmail.body).toEqual(invitation);
      const bySecret = await call('POST', `/api/invitations/${invitation.id}`, { as: carol, body: { secret } });
      expect(bySecret.status).toBe(200);
      expect(bySecret.body).toEqual(invitation);
      const neither = await call('POST', `/api/invitations/${invitation.id}`, { as: carol, body: null });
      expect(neither.status).toBe(404);
      const wrongSecret = await call('POST', `/api/invitations/${invitation.id}`, { as: carol, body: { secret: 'svc_inv_wrong' } });
      expect(wrongSecret.status).toBe(404);
    });

    it('re-inviting an open invitation answers 200 with a new secret; the old secret stops working', async () => {
      const workspaceId = await createWorkspace();
      const first = await invite(workspaceId, bob.email, 'viewer');
      expect(first.status).toBe(201);
      const second = await invite(workspaceId, bob.email.toUpperCase(), 'editor');
      expect(second.status).toBe(200);
      expect(second.body).toMatchObject({ id: first.body.id, role: 'editor', status: 'open' });
      expect(second.body.secret).toMatch(/^svc_inv_/);
      expect(second.body.secret).not.toBe(first.body.secret);
      expect(await invitationsOf(workspaceId)).toHaveLength(1);

      const old = await call('POST', `/api/invitations/${first.body.id}/accept`, { as: bob, body: { secret: first.body.secret } });
      expect(old.status).toBe(403);
      expect(await membersOf(workspaceId)).toEqual([{ userId: alice.id, role: 'owner' }]);
      const fresh = await call('POST', `/api/invitations/${first.body.id}/accept`, { as: bob, body: { secret: second.body.secret } });
      expect(fresh.status).toBe(200);
      expect(fresh.body).toEqual({ workspaceId, userId: bob.id, role: 'editor' });
    });

    it('decline: the invitation becomes declined and can no longer be accepted', async () => {
      const workspaceId = await createWorkspace();
      const issued = await invite(workspaceId, bob.email, 'editor');
      const wrongSecret = await call('POST', `/api/invitations/${issued.body.id}/decline`, { as: bob, body: { secret: 'svc_inv_wrong' } });
      expect(wrongSecret.status).toBe(403);
      const declined = await call('POST', `/api/invitations/${issued.body.id}/decline`, { as: bob, body: null });
      expect(declined.status).toBe(200);
      expect(declined.body).toMatchObject({ id: issued.body.id, status: 'declined', decidedAt: expect.stringMatching(isoTimestamp) });
      expect(declined.body).not.toHaveProperty('secret');
      const accept = await call('POST', `/api/invitations/${issued.body.id}/accept`, { as: bob, body: { secret: issued.body.secret } });
      expect(accept.status).toBe(409);
      expect(accept.body.type).toBe('conflict');
      expect(await membersOf(workspaceId)).toEqual([{ userId: alice.id, role: 'owner' }]);
      expect((await invitationsOf(workspaceId))[0]!.status).toBe('declined');
    });

    it('revoke answers the revoked invitation; accepting it afterwards answers 409', async () => {
      const workspaceId = await createWorkspace();
      const issued = await invite(workspaceId, bob.email, 'editor');
      const revoked = await call('DELETE', `/api/workspaces/${workspaceId}/invitations/${issued.body.id}`, { as: alice });
      expect(revoked.status).toBe(200);
      expect(revoked.body).toMatchObject({ id: issued.body.id, workspaceId, status: 'revoked', decidedAt: expect.stringMatching(isoTimestamp) });
      expect(revoked.body).not.toHaveProperty('secret');
      const accept = await call('POST', `/api/invitations/${issued.body.id}/accept`, { as: bob, body: { secret: issued.body.secret } });
      expect(accept.status).toBe(409);
      expect(await membersOf(workspaceId)).toEqual([{ userId: alice.id, role: 'owner' }]);
      expect((await call('GET', '/api/invitations', { as: bob })).body.items.map((i: Invitation) => i.id)).not.toContain(issued.body.id);

      const unknown = await call('DELETE', `/api/workspaces/${workspaceId}/invitations/00000000-0000-4000-8000-000000000000`, { as: alice });
      expect(unknown.status).toBe(404);
      // An invitation of another workspace is unknown here too.
      const otherWorkspace = await createWorkspace();
      const foreign = await call('DELETE', `/api/workspaces/${otherWorkspace}/invitations/${issued.body.id}`, { as: alice });
      expect(foreign.status).toBe(404);
    });

    it('an invitation past its 14 days reads expired and cannot be accepted', async () => {
      const workspaceId = await createWorkspace();
      const issued = await invite(workspaceId, bob.email, 'editor');
      await database.db.updateTable('invitations').set({ expires_at: new Date(Date.now() - 1000) }).where('id', '=', issued.body.id).execute();
      expect((await invitationsOf(workspaceId))[0]!.status).toBe('expired');
      expect((await call('GET', '/api/invitations', { as: bob })).body.items.map((i: Invitation) => i.id)).not.toContain(issued.body.id);
      const accept = await call('POST', `/api/invitations/${issued.body.id}/accept`, { as: bob, body: { secret: issued.body.secret } });
      expect(accept.status).toBe(409);
      expect(await membersOf(workspaceId)).toEqual([{ userId: alice.id, role: 'owner' }]);
      // A new invitation to the same address is a new one (201), not the expired one again.
      const again = await invite(workspaceId, bob.email, 'editor');
      expect(again.status).toBe(201);
      expect(again.body.id).not.toBe(issued.body.id);
    });

    it('accepting as someone who is already a member keeps the higher of the two roles', async () => {
      // The API refuses to invite a member; a person can still join by other means while an invitation is open.
      for (const [current, invited, expected] of [['editor', 'viewer', 'editor'], ['viewer', 'owner', 'owner']] as const) {
        const workspaceId = await createWorkspace();
        const issued = await invite(workspaceId, bob.email, invited);
        expect(issued.status).toBe(201);
        await database.db.insertInto('workspace_members').values({ workspace_id: workspaceId, user_id: bob.id, role: current }).execute();
        const accepted = await call('POST', `/api/invitations/${issued.body.id}/accept`, { as: bob, body: { secret: issued.body.secret } });
        expect(accepted.status).toBe(200);
        expect(accepted.body).toEqual({ workspaceId, userId: bob.id, role: expected });
        expect(await membersOf(workspaceId)).toContainEqual({ userId: bob.id, role: expected });
      }
    });

    it('an invitation to the e-mail address of a member answers 409', async () => {
      const workspaceId = await createWorkspace();
      const answer = await invite(workspaceId, alice.email.toUpperCase(), 'viewer');
      expect(answer.status).toBe(409);
      expect(answer.body.type).toBe('conflict');
      expect(await invitationsOf(workspaceId)).toEqual([]);
    });

    it('a viewer or editor cannot invite or list invitations (403)', async () => {
      const workspaceId = await createWorkspace();
      await addMember(workspaceId, carol, 'viewer');
      await addMember(workspaceId, bob, 'editor');
      for (const who of [carol, bob]) {
        const create = await invite(workspaceId, dave.email, 'viewer', who);
        expect(create.status, who.name).toBe(403);
        expect(create.body.type).toBe('forbidden');
        const list = await call('GET', `/api/workspaces/${workspaceId}/invitations`, { as: who });
        expect(list.status, who.name).toBe(403);
      }
      expect((await invitationsOf(workspaceId)).map((i) => i.email)).not.toContain(dave.email);
    });

    it('refuses a body with an unknown field, a missing or malformed e-mail, naming the field (400)', async () => {
      const workspaceId = await createWorkspace();
      const extra = await call('POST', `/api/workspaces/${workspaceId}/invitations`, { as: alice, body: { email: dave.email, role: 'viewer', message: 'hi' } });
      expect(extra.status).toBe(400);
      expect(extra.body.type).toBe('validation_error');
      expect(extra.body.errors).toEqual([{ field: 'message', message: 'unknown field' }]);
      const noEmail = await call('POST', `/api/workspaces/${workspaceId}/invitations`, { as: alice, body: { role: 'viewer' } });
      expect(noEmail.status).toBe(400);
      expect(noEmail.body.errors.map((e: { field: string }) => e.field)).toEqual(['email']);
      const badEmail = await call('POST', `/api/workspaces/${workspaceId}/invitations`, { as: alice, body: { email: 'not an address', role: 'viewer' } });
      expect(badEmail.status).toBe(400);
      expect(badEmail.body.errors).toEqual([{ field: 'email', message: 'must be an e-mail address' }]);
      const noRole = await call('POST', `/api/workspaces/${workspaceId}/invitations`, { as: alice, body: { email: dave.email } });
      expect(noRole.status).toBe(400);
      expect(noRole.body.errors.map((e: { field: string }) => e.field)).toEqual(['role']);
      expect(await invitationsOf(workspaceId)).toEqual([]);

      const issued = await invite(workspaceId, bob.email, 'viewer');
      const secretExtra = await call('POST', `/api/invitations/${issued.body.id}/accept`, { as: bob, body: { secret: issued.body.secret, force: true } });
      expect(secretExtra.status).toBe(400);
      expect(secretExtra.body.errors).toEqual([{ field: 'force', message: 'unknown field' }]);
      expect(await membersOf(workspaceId)).toEqual([{ userId: alice.id, role: 'owner' }]);
    });

    it('limits a workspace to 30 invitations an hour: the 31st answers 429 with Retry-After', async () => {
      const workspaceId = await createWorkspace();
      for (let i = 0; i < 30; i++) {
        const answer = await invite(workspaceId, `guest${i}@example.test`, 'viewer');
        expect(answer.status, `invitation ${i + 1}`).toBe(201);
      }
      const over = await invite(workspaceId, 'guest30@example.test', 'viewer');
      expect(over.status).toBe(429);
      expect(over.body.type).toBe('rate_limited');
      const retryAfter = Number(over.headers.get('retry-after'));
      expect(Number.isInteger(retryAfter)).toBe(true);
      expect(retryAfter).toBeGreaterThanOrEqual(1);
      expect(retryAfter).toBeLessThanOrEqual(3600);
      const emails = (await invitationsOf(workspaceId)).map((i) => i.email);
      expect(emails).toHaveLength(30);
      expect(emails).not.toContain('guest30@example.test');
      // Another workspace has a count of its own.
      const otherWorkspace = await createWorkspace();
      expect((await invite(otherWorkspace, 'guest30@example.test', 'viewer')).status).toBe(201);
    });

    it('writes audit entries and never stores or logs a secret', async () => {
      const workspaceId = await createWorkspace();
      const issued = await invite(workspaceId, bob.email, 'viewer');
      const reissued = await invite(workspaceId, bob.email, 'editor');
      await call('POST', `/api/invitations/${issued.body.id}/accept`, { as: bob, body: { secret: reissued.body.secret } });
      await call('PATCH', `/api/workspaces/${workspaceId}/members/${bob.id}`, { as: alice, body: { role: 'viewer' } });
      await call('DELETE', `/api/workspaces/${workspaceId}/members/${bob.id}`, { as: alice });
      const rows = await database.db.selectFrom('audit_log').select(['actor', 'action', 'detail']).where('workspace_id', '=', workspaceId).orderBy('id').execute();
      expect(rows.map((r) => [r.actor, r.action])).toEqual([
        [`user:${alice.id}`, 'invitation.create'],
        [`user:${alice.id}`, 'invitation.reissue'],
        [`user:${bob.id}`, 'invitation.accept'],
        [`user:${alice.id}`, 'member.role-change'],
        [`user:${alice.id}`, 'member.remove'],
      ]);
      const stored = JSON.stringify(rows) + JSON.stringify(await database.db.selectFrom('invitations').selectAll().where('workspace_id', '=', workspaceId).execute());
      for (const secret of [issued.body.secret as string, reissued.body.secret as string]) {
        expect(stored).not.toContain(secret);
        expect(service.output()).not.toContain(secret);
      }
    });
  });

  it('an agent token gets 403 on every members and invitations route', async () => {
    const workspaceId = await createWorkspace();
    const issued = await invite(workspaceId, bob.email, 'viewer');
    const created = await call('POST', `/api/workspaces/${workspaceId}/agent-tokens`, { as: alice, body: { name: 'ci', scopes: ['read'], projectId: null, expiresAt: null } });
    expect(created.status).toBe(201);
    const token = created.body.token as string;
    // The token is valid: it may read the projects of its workspace.
    expect((await call('GET', `/api/workspaces/${workspaceId}/projects`, { bearer: token })).status).toBe(200);

    const w = `/api/workspaces/${workspaceId}`;
    const requests: Array<[string, string, unknown]> = [
      ['GET', `${w}/members`, undefined],
      ['PATCH', `${w}/members/${alice.id}`, { role: 'viewer' }],
      ['DELETE', `${w}/members/${alice.id}`, undefined],
      ['GET', `${w}/invitations`, undefined],
      ['POST', `${w}/invitations`, { email: dave.email, role: 'viewer' }],
      ['DELETE', `${w}/invitations/${issued.body.id}`, undefined],
      ['GET', '/api/invitations', undefined],
      ['POST', `/api/invitations/${issued.body.id}`, { secret: issued.body.secret }],
      ['POST', `/api/invitations/${issued.body.id}/accept`, { secret: issued.body.secret }],
      ['POST', `/api/invitations/${issued.body.id}/decline`, { secret: issued.body.secret }],
    ];
    for (const [method, path, body] of requests) {
      const answer = await call(method, path, { bearer: token, body });
      expect(answer.status, `${method} ${path}`).toBe(403);
      expect(answer.body.type).toBe('forbidden');
    }
    expect(await membersOf(workspaceId)).toEqual([{ userId: alice.id, role: 'owner' }]);
    expect(await invitationsOf(workspaceId)).toMatchObject([{ id: issued.body.id, status: 'open' }]);
  });
});
