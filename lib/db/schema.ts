import type { ColumnType, Generated } from 'kysely';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;

export interface UsersTable {
  id: Generated<string>;
  email: string;
  name: string;
  password_hash: string | null;
  is_instance_admin: Generated<boolean>;
  failed_login_count: Generated<number>;
  locked_until: Date | null;
  created_at: Generated<Timestamp>;
}

export interface SessionKeysTable {
  id: Generated<string>;
  master_key_id: string;
  ciphertext: Buffer;
  created_at: Generated<Timestamp>;
}

/** The typed shape of the service's database, one member per table. */
export interface Database {
  users: UsersTable;
  session_keys: SessionKeysTable;
}
