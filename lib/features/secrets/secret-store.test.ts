import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toMasterKey, type MasterKeyring } from '../../platform/crypto/master-key';
import { createTestDatabase, type TestDatabase } from '../../../test/support/test-database';
import { deleteKeysOfRemovedProviders, listStoredSecrets, readSecretForOrigin, reEncryptSecrets, saveSecret } from './secret-store';

const keyA = toMasterKey(Buffer.alloc(32, 1));
const keyB = toMasterKey(Buffer.alloc(32, 2));
const origin = 'https://api.github.com';

describe('secret store', () => {
  let database: TestDatabase;
  let workspaceId: string;
  let otherWorkspaceId: string;

  beforeAll(async () => {
    database = await createTestDatabase();
    const rows = await database.db.insertInto('workspaces').values([{ name: 'One' }, { name: 'Two' }]).returning('id').execute();
    workspaceId = rows[0]!.id;
    otherWorkspaceId = rows[1]!.id;
  });

  afterAll(async () => {
    await database?.drop();
  });

  const save = (ring: MasterKeyring, name: string, value: string, ws = workspaceId) =>
    saveSecret(database.db, ring, { workspaceId: ws, name, origin, value, actor: 'user:test', at: new Date('2026-01-01T00:00:00Z') });

  it('reads a value only for the origin it was saved for', async () => {
    const ring = { current: keyA, previous: null };
    await save(ring, 'github:token', 'ghp_one');
    expect(await readSecretForOrigin(database.db, ring, { workspaceId, name: 'github:token', origin })).toBe('ghp_one');
    expect(await readSecretForOrigin(database.db, ring, { workspaceId, name: 'github:token', origin: 'https://ghe.example.com' })).toBeNull();
    expect(await readSecretForOrigin(database.db, ring, { workspaceId: otherWorkspaceId, name: 'github:token', origin })).toBeNull();
  });

  it('a value moved to another row or origin by hand no longer decrypts', async () => {
    const ring = { current: keyA, previous: null };
    await database.db.updateTable('workspace_secrets').set({ origin: 'https://evil.example.com' }).where('workspace_id', '=', workspaceId).execute();
    expect(await readSecretForOrigin(database.db, ring, { workspaceId, name: 'github:token', origin: 'https://evil.example.com' })).toBeNull();
    expect((await listStoredSecrets(database.db, ring, workspaceId))[0]).toMatchObject({ name: 'github:token', readable: false });
    await save(ring, 'github:token', 'ghp_one');
  });

  it('during rotation reads rows of the previous key, re-encrypts them once, and then needs only the new key', async () => {
    await save({ current: keyA, previous: null }, 'gcp:apiKey', 'AIza-two');
    await save({ current: keyA, previous: null }, 'gitlab:token', 'glpat-three', otherWorkspaceId);
    const rotating = { current: keyB, previous: keyA };
    expect((await listStoredSecrets(database.db, rotating, workspaceId)).map((s) => [s.name, s.masterKeyId, s.readable])).toEqual([
      ['gcp:apiKey', keyA.id, true],
      ['github:token', keyA.id, true],
    ]);
    expect(await reEncryptSecrets(database.db, rotating, 1)).toEqual({ reEncrypted: 3, fromKeyIds: [keyA.id] });
    expect(await reEncryptSecrets(database.db, rotating)).toEqual({ reEncrypted: 0, fromKeyIds: [] });
    const onlyB = { current: keyB, previous: null };
    expect(await readSecretForOrigin(database.db, onlyB, { workspaceId, name: 'gcp:apiKey', origin })).toBe('AIza-two');
    expect(await readSecretForOrigin(database.db, onlyB, { workspaceId: otherWorkspaceId, name: 'gitlab:token', origin })).toBe('glpat-three');
    expect(await readSecretForOrigin(database.db, { current: keyA, previous: null }, { workspaceId, name: 'gcp:apiKey', origin })).toBeNull();
  });

  it('deletes the keys of AI providers a settings save removed, and nothing else', async () => {
    const ring = { current: keyB, previous: null };
    const kept = '3f2a1b4c-0000-4000-8000-00000000000a';
    const gone = '3f2a1b4c-0000-4000-8000-00000000000b';
    await save(ring, `ai:${kept}:apiKey`, 'sk-kept');
    await save(ring, `ai:${gone}:apiKey`, 'sk-gone');
    await save(ring, `ai:${gone}:apiKey`, 'sk-other-workspace', otherWorkspaceId);
    expect(await deleteKeysOfRemovedProviders(database.db, workspaceId, [kept.toUpperCase()])).toEqual([`ai:${gone}:apiKey`]);
    expect((await listStoredSecrets(database.db, ring, workspaceId)).map((s) => s.name)).toEqual([`ai:${kept}:apiKey`, 'gcp:apiKey', 'github:token']);
    expect((await listStoredSecrets(database.db, ring, otherWorkspaceId)).map((s) => s.name)).toEqual([`ai:${gone}:apiKey`, 'gitlab:token']);
  });
});
