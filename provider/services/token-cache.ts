import { cachesInSync } from "../db/notifications";
import { sessionRevocations } from "../db/repositories/sessions";

/*
 * Token hash -> authenticated identity, so an authenticated request needs no database round trip
 * (docs/decisions/0147-token-cache.md). An entry is served until the first of: its session's expiry, `ttlMs` after
 * it was read (the bound for a revocation nobody announced, such as one written by hand), or any session revocation
 * this process makes or hears of (logout, password change or reset, here or in another process on the same
 * PostgreSQL database: the whole cache is dropped, see sessionRevocations and docs/decisions/0183). Nothing is served
 * while this process may have missed another's revocation (cachesInSync), and a `fresh` read (every request that
 * changes something) always asks the database. Only identities of active sessions are kept; an unknown or refused
 * token is asked again every time.
 */

export interface TokenCacheOptions {
  /** How long a read stays good; 0 turns the cache off. */
  ttlMs: number;
  /** At most this many tokens; the oldest read goes first. */
  maxEntries: number;
  now: () => Date;
}

interface Entry<T> {
  value: T;
  expiresAt: number;
  readAt: number;
}

export interface TokenCache<T> {
  /**
   * The cached identity for `tokenHash`, or `read()`'s (kept when it has one and no session was revoked while it
   * ran). Concurrent misses for the same token share one read. `fresh`: always read (and keep what it finds).
   */
  get(
    tokenHash: string,
    read: () => Promise<{ value: T; expiresAt: Date } | undefined>,
    options?: { fresh?: boolean },
  ): Promise<T | undefined>;
  readonly size: number;
}

export function createTokenCache<T>(options: TokenCacheOptions): TokenCache<T> {
  const entries = new Map<string, Entry<T>>();
  const reading = new Map<string, { epoch: number; promise: Promise<T | undefined> }>();
  let epoch = sessionRevocations();

  /** A revocation since the last look empties the cache. */
  function current(): number {
    const now = sessionRevocations();
    if (now !== epoch) {
      entries.clear();
      epoch = now;
    }
    return epoch;
  }

  async function readAndKeep(
    tokenHash: string,
    startedAt: number,
    read: () => Promise<{ value: T; expiresAt: Date } | undefined>,
  ) {
    const found = await read();
    if (!found) return undefined;
    // Something revoked while the read ran, or this process may have missed it: what it saw may already be gone.
    // Serve it to this request only.
    if (current() === startedAt && options.ttlMs > 0 && cachesInSync()) {
      if (entries.size >= options.maxEntries) entries.delete(entries.keys().next().value!);
      entries.set(tokenHash, {
        value: found.value,
        expiresAt: found.expiresAt.getTime(),
        readAt: options.now().getTime(),
      });
    }
    return found.value;
  }

  return {
    async get(tokenHash, read, { fresh = false } = {}) {
      const startedAt = current();
      // A read that began before this request may predate a revocation this request could know of: not shared.
      if (fresh || !cachesInSync()) return readAndKeep(tokenHash, startedAt, read);
      const hit = entries.get(tokenHash);
      if (hit) {
        const t = options.now().getTime();
        if (t < hit.expiresAt && t >= hit.readAt && t - hit.readAt < options.ttlMs) return hit.value;
        entries.delete(tokenHash);
      }
      const pending = reading.get(tokenHash);
      if (pending && pending.epoch === startedAt) return pending.promise;
      const promise = readAndKeep(tokenHash, startedAt, read).finally(() => {
        if (reading.get(tokenHash)?.promise === promise) reading.delete(tokenHash);
      });
      reading.set(tokenHash, { epoch: startedAt, promise });
      return promise;
    },
    get size() {
      return entries.size;
    },
  };
}
