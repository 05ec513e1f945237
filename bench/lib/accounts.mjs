// Registering and signing in through the app's own pages, as a browser without JavaScript does it: GET the page,
// fill its form (app/routes/register.tsx, app/routes/login.tsx), POST it with the Origin header, follow nothing.
import { formBody, parseForms } from "./client.mjs";

export const DEMO = { phone: process.env.DEMO_USER ?? "9876543210", password: process.env.DEMO_PASSWORD ?? "demo1234" };
/** The embedded provider's invitation code (provider/config.ts: INVITE_CODE, default DEMO2026). */
export const INVITE_CODE = process.env.INVITE_CODE ?? "DEMO2026";
export const OPERATOR_KEY = process.env.OPERATOR_KEY ?? "bench-operator-key";

/** The form of `html` that has a control named `field`. */
function formWithField(html, field) {
  const form = parseForms(html).find((f) => f.method === "post" && f.controls.some((c) => c.name === field));
  if (!form) throw new Error(`no form with a "${field}" field`);
  return form;
}

/**
 * GET `path`, fill the form that has `typed`'s first field, POST it; the reply must redirect.
 * `onResponse(label, response)` sees each request (latency, status).
 */
async function submitPage(browser, path, typed, label, onResponse) {
  const page = await browser.request("GET", path);
  onResponse?.(`${label} page`, page);
  if (page.status !== 200) throw new Error(`${label}: GET ${path} answered ${page.status}`);
  const form = formWithField(page.body, Object.keys(typed)[0]);
  const action = new URL(form.action || path, new URL(path, browser.base)).href;
  const reply = await browser.request("POST", action, { form: formBody(form, typed, form.buttons[0]) });
  onResponse?.(label, reply);
  if (reply.status !== 302 && reply.status !== 303) {
    const problem = /<[^>]+role="alert"[^>]*>([\s\S]{0,300})/
      .exec(reply.body)?.[1]
      ?.replace(/<[^>]+>/g, " ")
      .trim();
    throw new Error(`${label}: POST answered ${reply.status}${problem ? ` (${problem})` : ""}`);
  }
  return reply;
}

/** Signs in; the browser keeps the session cookie. */
export async function signIn(browser, { phone, password }, onResponse) {
  await submitPage(browser, `/login?phone=${phone}`, { password, phone }, "sign-in", onResponse);
  if (!browser.cookies.has("__session")) throw new Error("sign-in: no session cookie");
  // The toast cookie is read (and cleared) by the next page; a customer's browser would show it once.
  browser.cookies.delete("__toast");
}

/** Registers a new customer with the invitation code (no SMS step: app/routes/register.tsx). */
export async function register(browser, { phone, password }, onResponse) {
  await submitPage(
    browser,
    "/register",
    { phone, password, confirm: password, code: INVITE_CODE },
    "register",
    onResponse,
  );
  browser.cookies.delete("__toast");
}

/** Credits a customer's wallet through the embedded provider's operator endpoint (what `npm run operator -- credit` does). */
export async function credit(browser, phone, amount, onResponse) {
  const reply = await browser.request("POST", "/api/operator/credit", {
    json: { user: phone, amount, reason: "bench: starting balance" },
    headers: { "x-operator-key": OPERATOR_KEY },
  });
  onResponse?.("operator credit", reply);
  if (reply.status !== 200) throw new Error(`operator credit answered ${reply.status}: ${reply.body.slice(0, 200)}`);
}

/**
 * The cookies a browser holds for a signed-in session: the session cookie (HttpOnly) and `offline_session`, which
 * names the session for the service worker (without it the worker shows no saved copy).
 */
export function deviceCookies(browser) {
  return ["__session", "offline_session"]
    .filter((name) => browser.cookies.get(name))
    .map((name) => ({ name, value: browser.cookies.get(name), httpOnly: name === "__session" }));
}

/**
 * The `cookie` header value of a signed-in browser's page loads, for autocannon and Lighthouse: the session cookie,
 * and `__alerts_seen` once a page has set it (the root loader's note of the chat's unread count, decision 0451). A
 * browser sends that one on every page after its first; without it each page would look like a new browser's first
 * and ask the provider for fired alerts. Take it after a page load (e.g. after `discover`).
 */
export function sessionCookie(browser) {
  return ["__session", "__alerts_seen"]
    .filter((name) => browser.cookies.get(name))
    .map((name) => `${name}=${browser.cookies.get(name)}`)
    .join("; ");
}
