/**
 * Provider replies kept for a while and served again (decisions 0173, 0324): the one way the app's provider
 * client keeps a reply. The caller's cache sets how long and how many; the key carries the provider in use, so a
 * test that swaps the provider never sees another's replies. Only successful replies are kept, frozen because
 * callers share them; concurrent misses each ask (a refusal belongs to the customer who got it).
 */
import type { LRUCache } from "lru-cache";

import { deepFreeze } from "~/utils/deep-freeze";

import { providerGeneration } from "./transport.server";

/** What `read()` answers, or what it answered under `key` (for the provider in use) within the cache's time. */
export async function kept<T extends object>(
  cache: LRUCache<string, object>,
  key: string,
  read: () => Promise<T>,
): Promise<T> {
  const fullKey = `${providerGeneration()}|${key}`;
  const hit = cache.get(fullKey);
  if (hit) return hit as T;
  const value = deepFreeze(await read());
  cache.set(fullKey, value);
  return value;
}
