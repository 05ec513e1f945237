// The `customers` scenario (issue 10): N simulated customers, each with its own connections and cookies, register
// with the invitation code and sign in through the app's pages, get a starting balance through the operator
// endpoint (`npm run operator -- credit`), then use the app as the product describes (docs/product.md#live-prices):
// one screen at a time, moving on every 20-40 s, each screen's panel polled at its interval, the unread count every
// 10 s, and now and then an order placed on the buy screen the way a browser without JavaScript does it (order
// form -> review -> Confirm). Moving to a screen fetches its data as Remix's client navigation does (root + route
// loader, `?_data=`). N steps up; a step is held when, over its hold window, p99 < 300 ms and nothing failed.
import { credit, register, signIn, DEMO } from "./accounts.mjs";
import { Browser, formBody, formWithButton } from "./client.mjs";
import { discover } from "./pages.mjs";
import { rssSampler } from "./servers.mjs";

export const CUSTOMER_STEPS = [100, 200, 300, 500, 700, 1000];
const PASSWORD = "bench-pass-1";
const STARTING_BALANCE = "1000000";
/** Sign-ups at a time (each hashes a password twice with argon2: the app's real cost, kept off the poll path). */
const SIGNUP_CONCURRENCY = 8;
const UNREAD_POLL_MS = 10_000;
const DWELL_MS = [20_000, 40_000];
/** Chance that a visit to the buy screen places an order. */
const ORDER_CHANCE = 0.5;

/** The screens a customer moves between, with the route whose loader a client navigation calls and the panel it polls. */
function screens(urls) {
  return [
    { name: "home", path: "/", routeId: "routes/_index", poll: urls.indexQuotes, everyMs: 5_000 },
    { name: "markets", path: "/markets", routeId: "routes/markets", poll: urls.listQuotes, everyMs: 3_000 },
    {
      name: "buy/sell",
      path: urls.buy,
      routeId: "routes/stock.trading.$symbol.$market.$name",
      poll: urls.buyQuotes,
      everyMs: 3_000,
      orders: true,
    },
    { name: "positions", path: "/trade", routeId: "routes/trade", poll: urls.positions, everyMs: 5_000 },
    { name: "account", path: "/account", routeId: "routes/account", poll: urls.balance, everyMs: 3_000 },
  ];
}

const withData = (path, routeId) => `${path}${path.includes("?") ? "&" : "?"}_data=${encodeURIComponent(routeId)}`;
const between = ([low, high]) => low + Math.random() * (high - low);

/** Latencies and failures since the last reset, by kind of request. */
class Stats {
  constructor() {
    this.reset();
  }
  reset() {
    this.latencies = [];
    this.kinds = new Map();
    this.failures = new Map();
    this.since = performance.now();
  }
  record(kind, ms) {
    this.latencies.push(ms);
    const list = this.kinds.get(kind) ?? [];
    list.push(ms);
    this.kinds.set(kind, list);
  }
  fail(kind, why) {
    const key = `${kind}: ${why}`.slice(0, 160);
    this.failures.set(key, (this.failures.get(key) ?? 0) + 1);
  }
  get errors() {
    let n = 0;
    for (const count of this.failures.values()) n += count;
    return n;
  }
  summary() {
    const seconds = (performance.now() - this.since) / 1000;
    const byKind = {};
    for (const [kind, list] of this.kinds)
      byKind[kind] = { requests: list.length, p50Ms: percentile(list, 50), p99Ms: percentile(list, 99) };
    return {
      seconds: Math.round(seconds),
      requests: this.latencies.length,
      rps: Math.round(this.latencies.length / seconds),
      p50Ms: percentile(this.latencies, 50),
      p99Ms: percentile(this.latencies, 99),
      // A loop, not Math.max(...list): a step of 1,000 customers records more latencies than a call's arguments hold.
      maxMs: Math.round(this.latencies.reduce((max, ms) => (ms > max ? ms : max), 0)),
      errors: this.errors,
      failures: Object.fromEntries(this.failures),
      byKind,
    };
  }
}

function percentile(values, p) {
  if (!values.length) return null;
  const sorted = Float64Array.from(values).sort();
  return Math.round(sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]);
}

class Customer {
  constructor(app, n, urls, stats) {
    this.browser = new Browser(app.base);
    this.account = { phone: String(7_000_000_000 + n), password: PASSWORD };
    this.screens = screens(urls);
    this.stats = stats;
    this.stopped = false;
    this.wakers = new Set();
  }

  /** One timed request; anything but `expect` (or a network error) counts as a failure. Returns the response or null. */
  async call(kind, method, path, expect, options) {
    try {
      const res = await this.browser.request(method, path, options);
      this.stats.record(kind, res.ms);
      if (!expect.includes(res.status)) {
        this.stats.fail(kind, `${res.status}`);
        return null;
      }
      return res;
    } catch (error) {
      if (!this.stopped) this.stats.fail(kind, error.message.replace(/:.*$/, ""));
      return null;
    }
  }

  sleep(ms) {
    return new Promise((resolve) => {
      if (this.stopped) return resolve();
      const waker = () => {
        clearTimeout(timer);
        this.wakers.delete(waker);
        resolve();
      };
      const timer = setTimeout(waker, ms);
      this.wakers.add(waker);
    });
  }

  async signUp() {
    const onResponse = (label, res) => this.stats.record(label, res.ms);
    await register(this.browser, this.account, onResponse);
    await signIn(this.browser, this.account, onResponse);
    await credit(this.browser, this.account.phone, STARTING_BALANCE, onResponse);
  }

  /** Review then Confirm, posting the page's own forms as a browser without JavaScript does. */
  async placeOrder(screen) {
    const page = await this.call("order: form page", "GET", screen.path, [200]);
    const review = page && formWithButton(page.body, "intent", "review");
    if (!review) return page && this.stats.fail("order", "no order form");
    const action = new URL(review.form.action || screen.path, this.browser.base).href;
    const reviewed = await this.call("order: review POST", "POST", action, [302, 303], {
      form: formBody(review.form, { quantity: "1" }, review.button),
    });
    if (!reviewed?.location) return;
    const reviewPage = await this.call("order: review page", "GET", reviewed.location, [200]);
    const confirm = reviewPage && formWithButton(reviewPage.body, "intent", "confirm");
    if (!confirm) return reviewPage && this.stats.fail("order", "no confirm form");
    const confirmAction = new URL(confirm.form.action || reviewed.location, this.browser.base).href;
    const done = await this.call("order: confirm POST", "POST", confirmAction, [302, 303], {
      form: formBody(confirm.form, {}, confirm.button),
    });
    if (done?.location) await this.call("order: result page", "GET", done.location, [200]);
  }

  async pollUnread() {
    await this.sleep(Math.random() * UNREAD_POLL_MS);
    while (!this.stopped) {
      await this.call("poll: unread", "GET", "/resources/unread", [200]);
      await this.sleep(UNREAD_POLL_MS);
    }
  }

  /** Screen after screen until stopped: navigate, poll the panel, maybe order. */
  async live() {
    void this.pollUnread();
    let index = Math.floor(Math.random() * this.screens.length);
    while (!this.stopped) {
      const screen = this.screens[index++ % this.screens.length];
      const leaveAt = performance.now() + between(DWELL_MS);
      await Promise.all([
        this.call("navigate: root data", "GET", withData(screen.path, "root"), [200]),
        this.call(`navigate: ${screen.name}`, "GET", withData(screen.path, screen.routeId), [200]),
      ]);
      let orderAt =
        screen.orders && Math.random() < ORDER_CHANCE ? performance.now() + between([2_000, 15_000]) : Infinity;
      while (!this.stopped && performance.now() < leaveAt) {
        await this.sleep(Math.min(screen.everyMs, Math.max(0, leaveAt - performance.now())));
        if (this.stopped || performance.now() >= leaveAt) break;
        await this.call(`poll: ${screen.name}`, "GET", screen.poll, [200]);
        if (performance.now() >= orderAt) {
          orderAt = Infinity;
          await this.placeOrder(screen);
        }
      }
    }
  }

  stop() {
    this.stopped = true;
    for (const waker of [...this.wakers]) waker();
    this.browser.close();
  }
}

/** Runs `task` on each item, `limit` at a time. */
async function eachLimited(items, limit, task) {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, items.length) }, async () => {
      while (next < items.length) await task(items[next++]);
    }),
  );
}

/**
 * Steps the number of customers up until a step is not held (when the first step is not, halves it until one is
 * or 10 is not). Returns every step's figures and `held`, the largest N whose hold window had p99 < budget and no
 * failure (sign-ups included).
 */
export async function runCustomers(app, { steps, holdSeconds, p99Budget }) {
  const setup = new Browser(app.base);
  await signIn(setup, DEMO);
  const urls = await discover(setup);
  setup.close();

  const stats = new Stats();
  const customers = [];
  const results = [];
  let held = null;
  console.log(
    `\n  customers: steps ${steps.join(", ")}; ${holdSeconds} s measured per step after everyone is signed in`,
  );
  try {
    const queue = [...steps];
    let nextNumber = 1;
    while (queue.length) {
      const target = queue.shift();
      const sampler = rssSampler(app.pid);
      for (const gone of customers.splice(target)) gone.stop();
      const fresh = Array.from(
        { length: Math.max(0, target - customers.length) },
        () => new Customer(app, nextNumber++, urls, stats),
      );
      customers.push(...fresh);
      // Sign-ups: their own figures; a failed one fails the step.
      stats.reset();
      const signupStarted = performance.now();
      await eachLimited(fresh, SIGNUP_CONCURRENCY, async (customer) => {
        try {
          await customer.signUp();
          void customer.live();
        } catch (error) {
          stats.fail("sign-up", error.message);
        }
      });
      const signups = { ...stats.summary(), seconds: Math.round((performance.now() - signupStarted) / 1000) };
      // Let the newcomers' first navigations pass, then measure the steady state.
      await new Promise((r) => setTimeout(r, 5_000));
      stats.reset();
      await new Promise((r) => setTimeout(r, holdSeconds * 1000));
      const window = stats.summary();
      sampler.stop();
      const ok = signups.errors === 0 && window.errors === 0 && window.p99Ms !== null && window.p99Ms < p99Budget;
      const step = { customers: target, held: ok, window, signups, rssMB: app.rss(), rssPeakMB: sampler.peak() };
      results.push(step);
      const worst = Object.entries(window.byKind).sort((a, b) => b[1].p99Ms - a[1].p99Ms)[0];
      console.log(
        `  ${target} customers: ${window.rps} req/s, p50 ${window.p50Ms} ms, p99 ${window.p99Ms} ms (slowest: ${worst?.[0]} p99 ${worst?.[1].p99Ms} ms), ` +
          `errors ${window.errors}, ${fresh.length ? `sign-ups ${fresh.length} in ${signups.seconds} s (p99 ${signups.p99Ms} ms, errors ${signups.errors})` : "no new sign-ups"}, ` +
          `RSS ${step.rssMB} MB (peak ${step.rssPeakMB}) → ${ok ? "held" : "NOT held"}`,
      );
      for (const [what, count] of Object.entries({ ...signups.failures, ...window.failures }).slice(0, 6))
        console.log(`      ${count} × ${what}`);
      if (ok) {
        held = target;
        continue;
      }
      // Not even the first step: halve it (down to 10 customers) so a run still says where the app stands.
      queue.length = 0;
      if (held === null && target >= 20) queue.push(Math.floor(target / 2));
    }
  } finally {
    for (const customer of customers) customer.stop();
  }
  console.log(
    `  largest number of customers held (p99 < ${p99Budget} ms, 0 errors): ${held ?? "none of the steps"}; RSS ${app.rss()} MB`,
  );
  return { held, steps: results, rssAfterMB: app.rss() };
}
