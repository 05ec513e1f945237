import { createHash } from "node:crypto";

import type { Executor } from "../db/database";
import { findIdempotencyKey, insertIdempotencyKey } from "../db/repositories/idempotency-keys";
import { invalidInput } from "../errors";

/*
 * Idempotency keys for the wallet's money requests (recharge, withdrawal, loan application), the same contract
 * as orders (docs/decisions/0015): a key is optional; a repeated key with the same request replays the first reply
 * (nothing is written again), with another request it is `invalid_input` on `idempotency_key`; failures store
 * nothing. The caller runs this inside its transaction AFTER locking the account row, which serialises a customer's
 * submissions, so a concurrent twin waits and then finds the stored key. Keys share the orders' table and key space.
 */

export const walletFingerprint = (parts: unknown[]) =>
  createHash("sha256")
    .update(JSON.stringify(["wallet", ...parts]))
    .digest("hex");

export async function replayOrRun<T>(
  trx: Executor,
  request: { userId: number; key: string | undefined; fingerprint: string; at: Date },
  work: () => Promise<T>,
): Promise<T> {
  const { userId, key, fingerprint, at } = request;
  if (!key) return work();
  const prior = await findIdempotencyKey(trx, userId, key);
  if (prior) {
    if (prior.fingerprint !== fingerprint)
      throw invalidInput("idempotency_key", "idempotency_key was already used for a different request");
    return JSON.parse(prior.reply) as T;
  }
  const reply = await work();
  const text = JSON.stringify(reply);
  await insertIdempotencyKey(trx, { user_id: userId, key, fingerprint, reply: text, order_id: null, created_at: at });
  return JSON.parse(text) as T;
}

/**
 * Whether `key` was used already by this customer (for this request or another): such a request replays, or is
 * refused on `idempotency_key`, without asking for a second factor again (docs/decisions/0271). Read outside the
 * money transaction, before the code is checked.
 */
export async function keyUsedBefore(db: Executor, userId: number, key: string | undefined): Promise<boolean> {
  return key !== undefined && (await findIdempotencyKey(db, userId, key)) !== undefined;
}
