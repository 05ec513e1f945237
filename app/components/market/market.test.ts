import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

import type { Locale } from "~/i18n/config";
import { resourcesFor } from "~/i18n/i18next.server";
import { createPageI18n } from "~/i18n/instance";

import { categoryName } from "./categoryName";
import { mergeCardQuote, mergeQuote, type LiveQuote } from "./liveQuotes";
import { FIRST_RETRY_MS, MAX_RETRY_MS, retryDelay, startPoller, type Visibility } from "./poller";

describe("live quotes", () => {
  const live = new Map<string, LiveQuote>([
    ["TCS.NS", { symbol: "TCS.NS", price: 10, change: -1, changePercent: -9.09, high: 12, low: 9 }],
  ]);

  it("merges a fresher quote over a rendered row and leaves others alone", () => {
    const row = { symbol: "TCS.NS", display: "TCS", name: "TCS", market: "IN", price: 11, change: 0, changePercent: 0 };
    expect(mergeQuote(row, live)).toEqual({ ...row, price: 10, change: -1, changePercent: -9.09 });
    const other = { ...row, symbol: "INFY.NS" };
    expect(mergeQuote(other, live)).toBe(other);
  });

  it("moves a price card's high and low with the live quote, keeping open and previous close", () => {
    const card = {
      symbol: "TCS.NS",
      price: 11,
      change: 0,
      changePercent: 0,
      open: 10.5,
      high: 11.5,
      low: 10.2,
      previousClose: 11,
    };
    expect(mergeCardQuote(card, live)).toEqual({
      ...card,
      price: 10,
      change: -1,
      changePercent: -9.09,
      high: 12,
      low: 9,
    });
  });
});

/** A page whose visibility the test flips. */
function fakeVisibility(initial = true) {
  let visible = initial;
  const listeners = new Set<() => void>();
  const visibility: Visibility = {
    isVisible: () => visible,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
  return {
    visibility,
    set(next: boolean) {
      visible = next;
      for (const listener of listeners) listener();
    },
  };
}

/** A poller whose every poll succeeds; `calls` holds the (fake) time of each request. */
function countingPoller(options: { intervalMs: number; visibility: Visibility; paused?: () => boolean }) {
  const calls: number[] = [];
  const stop = startPoller<number>({
    ...options,
    load: async () => {
      calls.push(Date.now());
      return calls.length;
    },
    onData: () => undefined,
    onFailure: () => undefined,
  });
  return { calls, stop };
}

describe("a live panel's polling (defect 19: one failed poll must not end the panel)", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it("backs off 3 s, 6 s, 12 s … up to 60 s", () => {
    expect([1, 2, 3, 4, 5, 6, 7, 30].map(retryDelay)).toEqual([
      3_000, 6_000, 12_000, 24_000, 48_000, 60_000, 60_000, 60_000,
    ]);
    expect(FIRST_RETRY_MS).toBe(3_000);
    expect(MAX_RETRY_MS).toBe(60_000);
  });

  it("keeps polling through failures with increasing delays, then returns to the normal interval", async () => {
    const { visibility } = fakeVisibility();
    const outcomes = ["ok", "fail", "fail", "fail", "ok", "ok"];
    const calls: number[] = [];
    const data: string[] = [];
    const failures: [number, number][] = [];
    const stop = startPoller<string>({
      intervalMs: 3_000,
      visibility,
      load: async () => {
        calls.push(Date.now());
        const outcome = outcomes.shift();
        if (outcome !== "ok") throw new Error("HTTP 503");
        return `tick ${calls.length}`;
      },
      onData: (value) => data.push(value),
      onFailure: (count, retryIn) => failures.push([count, retryIn]),
    });
    const start = Date.now();
    await vi.advanceTimersByTimeAsync(3_000 + 3_000 + 3_000 + 6_000 + 12_000 + 3_000);
    stop();
    // Polls at 3 s (ok), 6 s (fail), 9 s (fail, +3 s), 15 s (fail, +6 s), 27 s (ok, +12 s), 30 s (ok, interval again).
    expect(calls.map((at) => at - start)).toEqual([3_000, 6_000, 9_000, 15_000, 27_000, 30_000]);
    expect(failures).toEqual([
      [1, 3_000],
      [2, 6_000],
      [3, 12_000],
    ]);
    expect(data).toEqual(["tick 1", "tick 5", "tick 6"]);
  });

  it("polls only while the page is visible, and at once when it becomes visible again", async () => {
    const page = fakeVisibility();
    const { calls, stop } = countingPoller({ intervalMs: 5_000, visibility: page.visibility });
    const start = Date.now();
    await vi.advanceTimersByTimeAsync(5_000);
    page.set(false);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(calls.map((at) => at - start)).toEqual([5_000]);
    page.set(true);
    await vi.advanceTimersByTimeAsync(0);
    await vi.advanceTimersByTimeAsync(5_000);
    stop();
    expect(calls.map((at) => at - start)).toEqual([5_000, 65_000, 70_000]);
  });

  it("never sends a second request while one is in flight, and stops for good", async () => {
    const { visibility } = fakeVisibility();
    let calls = 0;
    const stop = startPoller<number>({
      intervalMs: 1_000,
      visibility,
      load: () => {
        calls += 1;
        return new Promise((resolve) => setTimeout(() => resolve(calls), 4_500));
      },
      onData: () => undefined,
      onFailure: () => undefined,
    });
    await vi.advanceTimersByTimeAsync(5_000);
    expect(calls).toBe(1);
    stop();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(calls).toBe(1);
  });

  it("skips a poll that falls due while a navigation is under way (a log-out's), and polls an interval later", async () => {
    const { visibility } = fakeVisibility();
    let navigating = false;
    const { calls, stop } = countingPoller({ intervalMs: 10_000, visibility, paused: () => navigating });
    const start = Date.now();
    await vi.advanceTimersByTimeAsync(10_000);
    navigating = true;
    await vi.advanceTimersByTimeAsync(10_000);
    navigating = false;
    await vi.advanceTimersByTimeAsync(10_000);
    stop();
    expect(calls.map((at) => at - start)).toEqual([10_000, 30_000]);
  });
});

describe("category names (translated by code, not the provider's English)", () => {
  const t = (locale: Locale) => (key: string, options?: Record<string, unknown>) =>
    createPageI18n({ locale, resources: resourcesFor(locale) }).getFixedT(locale, "markets")(key, options);

  it.each([
    ["en", ["India", "Mexico", "United States"]],
    ["zh", ["印度", "墨西哥", "美国"]],
    ["de", ["Indien", "Mexiko", "Vereinigte Staaten"]],
    ["es", ["India", "México", "Estados Unidos"]],
  ] as const)("%s", (locale, names) => {
    const provider = [
      { code: "IN", name: "India" },
      { code: "MX", name: "Mexico" },
      { code: "US", name: "United States" },
    ];
    expect(provider.map((category) => categoryName(t(locale), category))).toEqual(names);
  });

  it("shows the provider's name for a code without a translation", () => {
    expect(categoryName(t("de"), { code: "JP", name: "Japan" })).toBe("Japan");
  });
});
