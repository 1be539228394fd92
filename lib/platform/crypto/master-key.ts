import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

/** A 32-byte master key and its public ID (stored beside everything it encrypts). */
export interface MasterKey {
  id: string;
  key: Buffer;
}

/** The keys this process holds: the current one and, during rotation, the previous one. */
export interface MasterKeyring {
  current: MasterKey;
  previous: MasterKey | null;
}

const base64Pattern = /^[A-Za-z0-9+/]+={0,2}$/;

/**
 * Decodes a master key: base64 of exactly 32 bytes (part 2 "Authentication").
 * Returns null when the text is not that.
 */
export function decodeMasterKey(text: string): Buffer | null {
  const trimmed = text.trim();
  if (trimmed.length % 4 !== 0 || !base64Pattern.test(trimmed)) return null;
  const key = Buffer.from(trimmed, 'base64');
  if (key.length !== 32 || key.toString('base64') !== trimmed) return null;
  return key;
}

/** The ID of a key: a short SHA-256 prefix, enough to tell keys apart, useless to an attacker. */
export function masterKeyId(key: Buffer): string {
  return createHash('sha256').update('svc-master-key-id').update(key).digest('hex').slice(0, 16);
}

export function toMasterKey(key: Buffer): MasterKey {
  return { id: masterKeyId(key), key };
}

/** A new key as the local profile writes it to `master.key`: base64 of 32 random bytes. */
export function generateMasterKeyText(): string {
  return randomBytes(32).toString('base64');
}

/** Encrypts with AES-256-GCM under the current key; the result carries the key ID. */
export function encryptWithMasterKey(ring: MasterKeyring, plaintext: Buffer, context: string): { masterKeyId: string; ciphertext: Buffer } {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', ring.current.key, iv);
  cipher.setAAD(Buffer.from(context, 'utf8'));
  const body = Buffer.concat([cipher.update(plaintext), cipher.final()]);
  return { masterKeyId: ring.current.id, ciphertext: Buffer.concat([iv, cipher.getAuthTag(), body]) };
}

/** Decrypts a value written by `encryptWithMasterKey` under the current or previous key. */
export function decryptWithMasterKey(ring: MasterKeyring, masterKeyIdOfValue: string, ciphertext: Buffer, context: string): Buffer {
  const key = [ring.current, ring.previous].find((k) => k?.id === masterKeyIdOfValue);
  if (!key) throw new Error(`value is encrypted under master key ${masterKeyIdOfValue}, which is not loaded`);
  const decipher = createDecipheriv('aes-256-gcm', key.key, ciphertext.subarray(0, 12));
  decipher.setAAD(Buffer.from(context, 'utf8'));
  decipher.setAuthTag(ciphertext.subarray(12, 28));
  return Buffer.concat([decipher.update(ciphertext.subarray(28)), decipher.final()]);
}
