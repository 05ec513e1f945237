/**
 * Defect 1: a provider slower than the timeout on a money POST. Over real sockets: the app's HTTP transport →
 * a delaying proxy (127.0.0.1, random port) → a standalone provider (cloned in-memory PGlite) on its own port.
 * The proxy holds the first order reply back past PROVIDER_TIMEOUT_MS (1 s here, 10 s in production).
 * Before the fix the process died (`Cannot cancel a stream that already has a reader` from the fetch polyfill)
 * and a timed-out POST was reported as a failure; now its outcome is unknown, the same key is sent again and
 * the provider replays the first reply: one order.
 */
import { createServer, request as httpRequest, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";

import { serve } from "@hono/node-server";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";

import { callProviderIdempotent, isUnknownOutcome } from "~/provider/core.server";
import { mintReviewKey } from "~/session/review-key.server";
import { ORIGIN } from "~/testing/http";

import { createTestProvider, type TestProvider } from "../../provider/testing";
import { newTrader, ordersOf } from "~/testing/route-harness";

const TIMEOUT_MS = 1_000;
const HOLD_FIRST_REPLY_MS = 1_800;

let provider: TestProvider;
let providerServer: ReturnType<typeof serve>;
let proxy: Server;
let proxyUrl = "";
/** Every order POST the proxy forwarded, with the provider's reply body and when it was let through. */
const forwarded: { body: string; reply: string; heldMs: number }[] = [];
let holdNext = false;

const listening = (server: Server) => `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
const readAll = (stream: IncomingMessage) =>
  new Promise<Buffer>((resolve, reject) => {
    const chunks: Buffer[] = [];
    stream.on("data", (chunk: Buffer) => chunks.push(chunk));
    stream.on("end", () => resolve(Buffer.concat(chunks)));
    stream.on("error", reject);
  });

beforeAll(async () => {
  provider = await createTestProvider();
  const providerPort = await new Promise<number>((resolve) => {
    providerServer = serve({ fetch: provider.app.fetch, port: 0, hostname: "127.0.0.1" }, (info) => resolve(info.port));
  });

  proxy = createServer(async (req, res) => {
    const body = await readAll(req);
    const upstream = httpRequest(
      { host: "127.0.0.1", port: providerPort, method: req.method, path: req.url, headers: req.headers },
      async (reply) => {
        const replyBody = await readAll(reply);
        const isOrder = req.method === "POST" && req.url === "/api/stock/success/deal/order";
        const heldMs = isOrder && holdNext ? HOLD_FIRST_REPLY_MS : 0;
        if (heldMs) holdNext = false;
        setTimeout(() => {
          if (isOrder) forwarded.push({ body: body.toString(), reply: replyBody.toString(), heldMs });
          if (res.destroyed) return; // the app gave up waiting: this reply is lost, as on a real network
          res.writeHead(reply.statusCode ?? 502, reply.headers);
          res.end(replyBody);
        }, heldMs);
      },
    );
    upstream.on("error", () => res.destroy());
    upstream.end(body);
  });
  await new Promise<void>((resolve) => proxy.listen(0, "127.0.0.1", resolve));
  proxyUrl = listening(proxy);
});

afterAll(async () => {
  delete process.env.PROVIDER_URL;
  delete process.env.PROVIDER_TIMEOUT_MS;
  proxy?.closeAllConnections();
  await new Promise<void>((resolve) => (proxy ? proxy.close(() => resolve()) : resolve()));
  await new Promise<void>((resolve) => (providerServer ? providerServer.close(() => resolve()) : resolve()));
  await provider?.close();
});

beforeEach(() => {
  process.env.PROVIDER_URL = proxyUrl;
  process.env.PROVIDER_TIMEOUT_MS = String(TIMEOUT_MS);
  forwarded.length = 0;
  vi.spyOn(console, "warn").mockImplementation(() => undefined);
});

describe("a money POST whose reply comes after the timeout", () => {
  it("keeps the process alive, asks again with the same key and gets the first order's replayed reply", async () => {
    const crashes: unknown[] = [];
    const onCrash = (error: unknown) => crashes.push(error);
    process.on("uncaughtException", onCrash);
    process.on("unhandledRejection", onCrash);
    try {
      const trader = await newTrader(provider);
      const body = { tag: "AAPL", count: 2, mold: "stock", state: "buy", idempotency_key: mintReviewKey(trader.token) };
      const ctx = {
        token: trader.token,
        request: new Request(`${ORIGIN}/stock/trading/AAPL/US/Apple`, { method: "POST" }),
      };
      holdNext = true;

      const started = Date.now();
      const data = await callProviderIdempotent<{ no: string; tag: string; count: number }>(
        ctx,
        { path: "/stock/success/deal/order", body },
        { retries: 1, delayMs: 100 },
      );

      // The first attempt timed out after ~1 s; the retry was answered.
      expect(Date.now() - started).toBeGreaterThanOrEqual(TIMEOUT_MS);
      expect(data).toMatchObject({ tag: "AAPL", count: 2 });
      // Let the held first reply arrive (into a closed connection) and any timers fire.
      await new Promise((resolve) => setTimeout(resolve, HOLD_FIRST_REPLY_MS + 300));

      expect(forwarded.map((f) => JSON.parse(f.body))).toEqual([body, body]);
      // The retry's reply is the provider's replay of the first one, byte for byte.
      const [first, retry] = forwarded.sort((a, b) => b.heldMs - a.heldMs);
      expect(retry.reply).toBe(first.reply);
      expect(JSON.parse(first.reply).data).toEqual(data);
      expect(await ordersOf(provider, trader.id)).toHaveLength(1);
      expect(crashes).toEqual([]);
    } finally {
      process.off("uncaughtException", onCrash);
      process.off("unhandledRejection", onCrash);
    }
  });

  it("without retries the caller gets an unknown outcome, never a failure; the order is there", async () => {
    const trader = await newTrader(provider);
    const body = { tag: "MSFT", count: 1, mold: "stock", state: "buy", idempotency_key: mintReviewKey(trader.token) };
    const ctx = {
      token: trader.token,
      request: new Request(`${ORIGIN}/stock/trading/MSFT/US/Microsoft`, { method: "POST" }),
    };
    holdNext = true;
    const error = await callProviderIdempotent(ctx, { path: "/stock/success/deal/order", body }, { retries: 0 }).catch(
      (e: unknown) => e,
    );
    expect(isUnknownOutcome(error)).toBe(true);
    expect(error).toMatchObject({ reason: "timeout", status: 503 });
    await new Promise((resolve) => setTimeout(resolve, HOLD_FIRST_REPLY_MS));
    expect(await ordersOf(provider, trader.id)).toHaveLength(1);
  });
});
