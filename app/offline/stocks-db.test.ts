import "fake-indexeddb/auto";

import { describe, expect, it } from "vitest";

import { MESSAGES_TTL_MS, messagesKey, screenCopy, searchKey } from "./screens";
import { clearDeviceData, dropSessionCopies, openStocksDb, readCopy, saveCopy } from "./stocks-db";

const NOON = Date.UTC(2026, 10, 26, 12, 0, 0);
const MINUTE = 60_000;

describe("the on-device database", () => {
  it("is named stocks, version 5, with the stores initData and line", async () => {
    const db = await openStocksDb();
    expect(db.name).toBe("stocks");
    expect(db.version).toBe(5);
    expect([...db.objectStoreNames]).toEqual(["initData", "line"]);
  });

  it("keeps what a screen showed with the time it was saved", async () => {
    await saveCopy("line", "home", { asOf: NOON, categories: [{ code: "IN", indices: [] }] }, { now: NOON });
    expect(await readCopy("line", "home")).toEqual({
      key: "home",
      value: { asOf: NOON, categories: [{ code: "IN", indices: [] }] },
      savedAt: NOON,
    });
    expect(await readCopy("initData", "home")).toBeUndefined();
  });

  it("shows saved messages for 30 minutes, only to the session that saved them", async () => {
    const key = messagesKey("session-a");
    const chat = screenCopy(new URL("http://app/customer-service"), "session-a");
    expect(chat).toEqual({ store: "initData", key: "messages:session-a", owner: "session-a", maxAgeMs: 1_800_000 });
    await saveCopy(
      "initData",
      key,
      { asOf: NOON, conversation: { messages: [], total: 0 } },
      { now: NOON, owner: "session-a" },
    );

    expect(await readCopy("initData", key, { owner: "session-b" })).toBeUndefined();
    const at29 = await readCopy("initData", key, {
      owner: "session-a",
      maxAgeMs: MESSAGES_TTL_MS,
      now: NOON + 29 * MINUTE,
    });
    expect(at29?.savedAt).toBe(NOON);
    expect(
      await readCopy("initData", key, { owner: "session-a", maxAgeMs: MESSAGES_TTL_MS, now: NOON + 30 * MINUTE }),
    ).toBeUndefined();
    // Expired is gone, even for a reader that asks without the expiry.
    expect(await readCopy("initData", key)).toBeUndefined();
  });

  it("keeps one session's messages: a new session's save, or a session that ended, drops the others' (issue 38 item 4)", async () => {
    const messages = { asOf: NOON, conversation: { messages: [], total: 0 } };
    await saveCopy("initData", messagesKey("session-a"), messages, { now: NOON, owner: "session-a" });
    await saveCopy("initData", "markets", { categories: [] }, { now: NOON });
    await saveCopy("initData", messagesKey("session-b"), messages, { now: NOON, owner: "session-b" });
    expect(await readCopy("initData", messagesKey("session-a"))).toBeUndefined();
    expect((await readCopy("initData", messagesKey("session-b")))?.owner).toBe("session-b");

    await dropSessionCopies(null);
    expect(await readCopy("initData", messagesKey("session-b"))).toBeUndefined();
    expect(await readCopy("initData", "markets")).toMatchObject({ key: "markets", savedAt: NOON });
  });

  it("names each screen's copy by its query, without Remix's _data", () => {
    expect(searchKey("?page=2&category=US&_data=routes%2Fmarkets")).toBe("?category=US&page=2");
    expect(screenCopy(new URL("http://app/news?limit=20"), null)).toEqual({ store: "initData", key: "news?limit=20" });
    expect(screenCopy(new URL("http://app/?index"), null)).toEqual({ store: "line", key: "home" });
    expect(screenCopy(new URL("http://app/customer-service"), null)).toBeNull();
    expect(screenCopy(new URL("http://app/recharge"), "session-a")).toBeNull();
  });

  it("is emptied at logout, keeping its version and stores", async () => {
    await saveCopy("initData", "markets?category=IN", { categories: [] }, { now: NOON });
    await saveCopy("line", "home", { asOf: NOON, categories: [] }, { now: NOON });
    await clearDeviceData();
    const db = await openStocksDb();
    expect(await db.count("initData")).toBe(0);
    expect(await db.count("line")).toBe(0);
    expect(db.version).toBe(5);
  });
});
