/**
 * The on-device database (docs/product.md#on-the-device): what the screens save in IndexedDB `stocks` (version 5,
 * stores initData and line), a screen painted from it when its data never comes back, and logout emptying it.
 * JavaScript only: without it nothing is saved.
 */
import type { Page } from "@playwright/test";

import { CUSTOMER_PASSWORD, expect, expectNoAxeViolations, jsEnabled, test } from "./support";

test.use({ allowConsoleErrors: /ERR_INTERNET_DISCONNECTED/ });

/** The browser's own `stocks` database: version, stores and each store's keys (opened without creating it). */
function readStocksDb(page: Page) {
  return page.evaluate(
    () =>
      new Promise<{ version: number; stores: string[]; keys: Record<string, string[]>; text: string }>(
        (resolve, reject) => {
          const request = indexedDB.open("stocks");
          // Not there yet: do not create it (the app creates it at version 5).
          request.onupgradeneeded = () => request.transaction?.abort();
          request.onerror = () =>
            request.error?.name === "AbortError"
              ? resolve({ version: 0, stores: [], keys: {}, text: "" })
              : reject(request.error);
          request.onsuccess = () => {
            const db = request.result;
            const stores = [...db.objectStoreNames];
            const keys: Record<string, string[]> = {};
            const rows: unknown[] = [];
            const tx = db.transaction(stores, "readonly");
            for (const name of stores) {
              tx.objectStore(name).getAll().onsuccess = (event) => {
                const all = (event.target as IDBRequest<{ key: string }[]>).result;
                keys[name] = all.map((row) => row.key).sort();
                rows.push(...all);
              };
            }
            tx.oncomplete = () => {
              db.close();
              resolve({ version: db.version, stores, keys, text: JSON.stringify(rows) });
            };
          };
        },
      ),
  );
}

test("the screens save what they show on the device, paint it when the network drops, and logout deletes it", async ({
  page,
  customer,
}) => {
  test.skip(!jsEnabled(), "without JavaScript nothing is saved on the device");
  // Each screen saves what it shows once it is on screen.
  const saved = async () => Object.values((await readStocksDb(page)).keys).flat();
  for (const [path, key] of [
    ["/", "home"],
    ["/markets", "markets"],
    ["/news", "news"],
    ["/customer-service", "messages:"],
  ]) {
    await page.goto(path);
    await expect.poll(async () => (await saved()).some((name) => name.startsWith(key)), { message: path }).toBe(true);
  }

  const db = await readStocksDb(page);
  expect(db.keys).toEqual({
    initData: ["home", "markets", expect.stringMatching(/^messages:[\w-]{22}$/), "news"],
    line: ["home"],
  });
  expect(db.version).toBe(5);
  expect(db.stores).toEqual(["initData", "line"]);
  // Nothing that signs in: no password, no phone number as a credential, no token.
  expect(db.text).not.toContain(CUSTOMER_PASSWORD);
  expect(db.text).not.toContain("token");

  // The connection drops while the browser still believes it is online: the news list is painted from the device.
  await page.route(/\/news\?.*_data=/, (route) => route.abort("internetdisconnected"));
  await page.getByRole("link", { name: "Read the latest news" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "News" })).toBeVisible();
  await expect(page.getByRole("status").filter({ hasText: "You are offline. This is the copy saved" })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.unroute(/\/news\?.*_data=/);

  await page.goto("/settings?confirm=logout");
  await page.getByRole("button", { name: "Yes, log out" }).click();
  await expect(page).toHaveURL(/\/login/);
  await expect.poll(async () => (await readStocksDb(page)).keys).toEqual({ initData: [], line: [] });
  expect(customer.phone).toMatch(/^\d{10}$/);
});

test("the chat's saved messages are painted only while the session that saved them is on the device (issue 38 item 4)", async ({
  page,
  context,
  customer,
}) => {
  test.skip(!jsEnabled(), "without JavaScript nothing is saved on the device");
  expect(customer.phone).toMatch(/^\d{10}$/);
  await page.goto("/customer-service");
  await expect
    .poll(async () => (await readStocksDb(page)).keys.initData ?? [])
    .toContainEqual(expect.stringMatching(/^messages:/));
  const chatData = /\/customer-service\?.*_data=/;
  const notice = page.getByRole("status").filter({ hasText: "You are offline. This is the copy saved" });

  // The same session: the connection drops on the way to the chat, and its saved messages are painted.
  await page.goto("/markets");
  await page.route(chatData, (route) => route.abort("internetdisconnected"));
  await page.getByRole("link", { name: "Support" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Customer service" })).toBeVisible();
  await expect(notice).toBeVisible();
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Markets" }).click();
  await expect(page).toHaveURL(/\/markets$/);

  // The cookies are cleared (the session is no longer on this device) and the connection is gone (all but the app's
  // own files, which the worker holds): Back to the chat paints no messages.
  await page.route(
    (url) => !url.pathname.startsWith("/build/"),
    (route) => route.abort("internetdisconnected"),
  );
  await context.clearCookies();
  await page.goBack();
  await expect(page).toHaveURL(/\/customer-service$/);
  await expect(page.getByRole("heading", { level: 1, name: "You are offline" })).toBeVisible();
  await expect(notice).toHaveCount(0);
  await expect(page.getByRole("heading", { name: "Customer service" })).toHaveCount(0);
});
