/** The 6-digit transaction password (argon2id hash), one per user. */
export interface TransactionPasswordsTable {
  user_id: number;
  password_hash: string;
  created_at: Date;
  updated_at: Date;
}
