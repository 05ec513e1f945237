import type { DB, Executor } from "../db/database";
import { lockUser } from "../db/repositories/users";
import { ProviderError } from "../errors";

/** How a decision finds, locks and judges one kind of a customer's records. */
export interface DecidedRecord<Found extends { user_id: number }, Locked> {
  find: (db: Executor, id: number) => Promise<Found | undefined>;
  lock: (trx: Executor, id: number) => Promise<Locked | undefined>;
  /** The not_found message: no such record, or one `admits` refuses (another customer's, another kind). */
  notFound: string;
  admits?: (found: Found) => boolean;
  /** Why the locked record can no longer be decided (already_processed), or undefined when it can. */
  settled: (locked: Locked) => string | undefined;
}

/**
 * A decision on a customer's record – the operator approving, rejecting or allotting it, the customer cancelling or
 * repaying it – in one transaction that locks the customer's account row first, then the record (the order every
 * money movement takes), and judges the record as it stands under its lock. `work` gets the locked record and the
 * clock's time after the locks.
 */
export async function decideOn<Found extends { user_id: number }, Locked, T>(
  deps: { db: DB; now: () => Date },
  record: DecidedRecord<Found, Locked>,
  id: number,
  work: (trx: Executor, locked: Locked, at: Date) => Promise<T>,
): Promise<T> {
  const found = await record.find(deps.db, id);
  if (!found || (record.admits && !record.admits(found))) throw new ProviderError("not_found", record.notFound, "id");
  return deps.db.transaction().execute(async (trx) => {
    await lockUser(trx, found.user_id);
    const locked = await record.lock(trx, id);
    if (!locked) throw new ProviderError("not_found", record.notFound, "id");
    const settled = record.settled(locked);
    if (settled !== undefined) throw new ProviderError("already_processed", settled, "id");
    return work(trx, locked, deps.now());
  });
}
