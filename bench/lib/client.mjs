// A small HTTP client for the bench's simulated customers: one keep-alive agent and one cookie jar per customer
// (a browser's own connections and cookies), manual redirects, every request timed. node:http only, so the load
// generator stays cheap when hundreds of customers poll at once.
import http from "node:http";

const DEFAULT_TIMEOUT_MS = 10_000;

export class Browser {
  /** @param {string} base e.g. http://127.0.0.1:3200 */
  constructor(base, { maxSockets = 6, timeoutMs = DEFAULT_TIMEOUT_MS } = {}) {
    this.base = new URL(base);
    this.agent = new http.Agent({ keepAlive: true, maxSockets });
    this.timeoutMs = timeoutMs;
    /** @type {Map<string, string>} */
    this.cookies = new Map();
  }

  cookieHeader() {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join("; ");
  }

  /** Keeps what Set-Cookie says; a cookie set to expire (Max-Age=0 or a past Expires) is dropped. */
  storeCookies(setCookie = []) {
    for (const line of setCookie) {
      const [pair, ...attributes] = line.split(";");
      const eq = pair.indexOf("=");
      if (eq < 1) continue;
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      const expired = attributes.some((attribute) => {
        const [key, val = ""] = attribute.split("=").map((s) => s.trim());
        if (/^max-age$/i.test(key)) return Number(val) <= 0;
        if (/^expires$/i.test(key)) return Date.parse(val) <= Date.now();
        return false;
      });
      if (expired || value === "") this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  /**
   * One request, no redirect followed. Resolves `{ status, location, body, ms }`; rejects on a network error or
   * after the timeout (the caller counts it as an error).
   * @param {string} method
   * @param {string} target path or absolute URL
   * @param {{ form?: URLSearchParams | Record<string, string>, json?: unknown, headers?: Record<string, string> }} [options]
   */
  request(method, target, { form, json, headers = {} } = {}) {
    const url = new URL(target, this.base);
    let body;
    const sent = { accept: "text/html,application/json;q=0.9,*/*;q=0.8", ...headers };
    if (form) {
      body = Buffer.from(new URLSearchParams(form).toString());
      sent["content-type"] = "application/x-www-form-urlencoded";
      sent.origin = this.base.origin;
    } else if (json !== undefined) {
      body = Buffer.from(JSON.stringify(json));
      sent["content-type"] = "application/json";
    }
    if (body) sent["content-length"] = String(body.length);
    const cookie = this.cookieHeader();
    if (cookie) sent.cookie = cookie;
    const started = performance.now();
    return new Promise((resolve, reject) => {
      const req = http.request(
        {
          host: url.hostname,
          port: url.port,
          path: url.pathname + url.search,
          method,
          headers: sent,
          agent: this.agent,
        },
        (res) => {
          const chunks = [];
          res.on("data", (chunk) => chunks.push(chunk));
          res.on("end", () => {
            this.storeCookies(res.headers["set-cookie"]);
            resolve({
              status: res.statusCode ?? 0,
              location: res.headers.location ? new URL(res.headers.location, url).href : null,
              body: Buffer.concat(chunks).toString("utf8"),
              ms: performance.now() - started,
            });
          });
          res.on("error", reject);
        },
      );
      req.setTimeout(this.timeoutMs, () =>
        req.destroy(new Error(`timeout after ${this.timeoutMs} ms: ${method} ${url.pathname}`)),
      );
      req.on("error", reject);
      req.end(body);
    });
  }

  close() {
    this.agent.destroy();
  }
}

const ENTITIES = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", "#39": "'", "#x27": "'" };
export const decodeEntities = (text) => text.replace(/&(amp|lt|gt|quot|apos|#39|#x27);/g, (_m, name) => ENTITIES[name]);

/** The attributes of one start tag, names lower-cased, values decoded (`{ required: "" }` for bare ones). */
export function attributesOf(tag) {
  const attributes = {};
  const body = tag.replace(/^<\w+/, "").replace(/\/?>$/, "");
  for (const m of body.matchAll(/([^\s"'=<>`]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+)))?/g)) {
    attributes[m[1].toLowerCase()] = decodeEntities(m[2] ?? m[3] ?? m[4] ?? "");
  }
  return attributes;
}

/**
 * The forms of a page as a browser without JavaScript sees them: each with its action, method and the controls
 * that belong to it (inside it, or outside with `form="<its id>"`).
 * @returns {{ id?: string, action: string, method: string, controls: Record<string, string>[], buttons: Record<string, string>[] }[]}
 */
export function parseForms(html) {
  const forms = [];
  for (const m of html.matchAll(/<form\b[^>]*>/gi)) {
    const end = html.indexOf("</form>", m.index);
    const attrs = attributesOf(m[0]);
    forms.push({
      id: attrs.id,
      action: attrs.action ?? "",
      method: (attrs.method ?? "get").toLowerCase(),
      start: m.index,
      end,
      controls: [],
      buttons: [],
    });
  }
  const owner = (index, attrs) =>
    attrs.form
      ? forms.find((form) => form.id === attrs.form)
      : forms.find((form) => index > form.start && index < form.end);
  for (const m of html.matchAll(/<(input|button|select|textarea)\b[^>]*>/gi)) {
    const attrs = attributesOf(m[0]);
    const form = owner(m.index, attrs);
    if (!form || !attrs.name) continue;
    const kind = m[1].toLowerCase();
    if (kind === "button" || (kind === "input" && attrs.type === "submit")) form.buttons.push(attrs);
    else if (kind === "select") {
      const close = html.indexOf("</select>", m.index);
      const options = [...html.slice(m.index, close).matchAll(/<option\b[^>]*>/gi)].map((o) => attributesOf(o[0]));
      const chosen = options.find((o) => "selected" in o) ?? options[0];
      form.controls.push({ name: attrs.name, value: chosen?.value ?? "" });
    } else if (kind === "textarea") {
      const close = html.indexOf("</textarea>", m.index);
      form.controls.push({ name: attrs.name, value: decodeEntities(html.slice(m.index + m[0].length, close)) });
    } else form.controls.push({ ...attrs, value: attrs.value ?? "" });
  }
  return forms;
}

/**
 * What the browser submits for `form` with `button` pressed, after the customer typed `typed` (by field name):
 * text-like fields and hidden ones with their values, checked radios and checkboxes, the pressed button's name.
 */
export function formBody(form, typed = {}, button) {
  const body = new URLSearchParams();
  for (const control of form.controls) {
    const type = (control.type ?? "text").toLowerCase();
    if ((type === "radio" || type === "checkbox") && !("checked" in control)) continue;
    if (["file", "reset", "image"].includes(type)) continue;
    body.append(control.name, control.name in typed ? typed[control.name] : control.value);
  }
  if (button?.name) body.append(button.name, button.value ?? "");
  return body;
}

/** The form holding a submit button named `name` with value `value` (e.g. intent=review). */
export function formWithButton(html, name, value) {
  for (const form of parseForms(html)) {
    const button = form.buttons.find((b) => b.name === name && (b.value ?? "") === value && !b.formmethod);
    if (button) return { form, button };
  }
  return null;
}
