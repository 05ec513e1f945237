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
