/**
 * How the app reaches the provider. With PROVIDER_URL set: HTTP to `${PROVIDER_URL}/api…` with Node's own
 * `fetch` (undici; the server installs no fetch polyfill, docs/decisions/0090-custom-express-server.md).
 * Otherwise the embedded provider runs in this process and receives a `Request` directly.
 * This is the ONLY module in app/ that imports from provider/.
 */

/** The request budget (docs/product.md#networks): 10 s, `PROVIDER_TIMEOUT_MS` overrides it (tests use ~1 s). */
export const DEFAULT_PROVIDER_TIMEOUT_MS = 10_000;
export function providerTimeoutMs(): number {
  const configured = Number(process.env.PROVIDER_TIMEOUT_MS);
  return Number.isFinite(configured) && configured > 0 ? configured : DEFAULT_PROVIDER_TIMEOUT_MS;
}
/** The embedded provider opens and migrates its database on first use; that is not the request's time. */
export const EMBEDDED_BOOT_TIMEOUT_MS = 60_000;

/** What callProvider reads of a reply: a Response, or the embedded provider's body-less ok reply. */
export interface ProviderReply {
  readonly status: number;
  json(): Promise<unknown>;
}

interface EmbeddedProvider {
  fetch(request: Request): Response | Promise<Response>;
  /** In process, an ok reply without a response body (provider/embedded.ts `callInProcess`, decision 0295). */
  call?(request: Request): Promise<ProviderReply>;
}

/** Answers a provider request in tests instead of the real transport (see app/testing/provider-double.ts). */
export type ProviderTransportHandler = (request: Request) => Response | Promise<Response>;

let testTransport: ProviderTransportHandler | undefined;
let generation = 0;

/** Changes whenever the provider behind providerFetch does (a test swaps it): what a cache of its replies keys on. */
export function providerGeneration(): number {
  return generation;
}

/** Whether a test transport answers provider requests (never in production). */
export function usingTestTransport(): boolean {
  return testTransport !== undefined;
}

/**
 * Tests only: route every provider request to `handler` (a scripted double, or a test provider's `fetch`);
 * `undefined` restores the real transport. The timeout still applies, so a slow handler is a timeout.
 */
export function setProviderTransportForTests(handler: ProviderTransportHandler | undefined): void {
  if (handler && process.env.NODE_ENV === "production") {
    throw new Error("setProviderTransportForTests is for tests only");
  }
  testTransport = handler;
  generation++;
}

let embedded: Promise<EmbeddedProvider> | undefined;
/** The embedded provider once it is up: later calls skip the boot wait and its timer. */
let embeddedReady: EmbeddedProvider | undefined;

async function embeddedProvider(): Promise<EmbeddedProvider> {
  if (embeddedReady) return embeddedReady;
  // A failed start is not tried again per request: the app's server warms the provider at boot and exits on a
  // failure, naming it once (docs/decisions/0182-graceful-stop-and-data-dir.md).
  embedded ??= import("../../provider/embedded")
    .then(({ getEmbeddedProvider }) => getEmbeddedProvider())
    .then((provider) => (embeddedReady = provider));
  return withDeadline(embedded, EMBEDDED_BOOT_TIMEOUT_MS);
}

/**
 * `work`, or a TimeoutError (the name AbortSignal.timeout gives) after `ms`. In process a plain timer does what an
 * AbortSignal would: nothing can abort the embedded provider mid-flight, and `AbortSignal.timeout` plus a Request
 * that follows it cost ~20 µs a call in undici (docs/decisions/0148-request-path-profile.md).
 */
function withDeadline<T>(work: Promise<T>, ms: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new DOMException("The operation was aborted due to timeout", "TimeoutError")),
      ms,
    );
    timer.unref?.();
    work.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error);
      },
    );
  });
}

function withTimeout<T>(work: Promise<T>, signal: AbortSignal): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason ?? new DOMException("The operation timed out.", "TimeoutError"));
    if (signal.aborted) return onAbort();
    signal.addEventListener("abort", onAbort, { once: true });
    work.then(
      (value) => {
        signal.removeEventListener("abort", onAbort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener("abort", onAbort);
        reject(error);
      },
    );
  });
}

/** Closes the embedded provider's database, if it was opened (graceful shutdown). */
export async function closeProvider(): Promise<void> {
  if (!embedded) return;
  embedded = undefined;
  embeddedReady = undefined;
  const { closeEmbeddedProvider } = await import("../../provider/embedded");
  await closeEmbeddedProvider();
}

/** Whether the provider runs in this process (no PROVIDER_URL): the server then also serves /api/operator/*. */
export function isProviderEmbedded(): boolean {
  return !process.env.PROVIDER_URL;
}

/**
 * A provider over HTTP believes the customer's address (`x-client-ip`) only from a caller that shows it
 * PROVIDER_APP_KEY, set on both sides (docs/decisions/0181-client-address-from-the-app.md).
 */
function withAppKey(headers: HeadersInit | undefined): HeadersInit | undefined {
  const appKey = process.env.PROVIDER_APP_KEY;
  if (!appKey) return headers;
  const withKey = new Headers(headers);
  withKey.set("x-app-key", appKey);
  return withKey;
}

/**
 * Sends one request to the provider. `pathWithQuery` is relative to /api, e.g. "/v2/stock/list?page=1".
 * Throws whatever fetch throws (network failure, AbortSignal timeout); HTTP statuses are returned as-is.
 */
export function providerFetch(pathWithQuery: string, init: RequestInit = {}): Promise<Response> {
  return send(pathWithQuery, init, (provider, request) => provider.fetch(request));
}

/**
 * The same request as providerFetch, for a caller that reads only the status and the JSON envelope (callProvider):
 * in process an ok reply comes without a response body to write and read back (decision 0295). Over HTTP
 * (PROVIDER_URL) and with a test transport it is the Response itself.
 */
export function providerRequest(pathWithQuery: string, init: RequestInit = {}): Promise<ProviderReply> {
  return send(pathWithQuery, init, (provider, request) =>
    provider.call ? provider.call(request) : provider.fetch(request),
  );
}

async function send<R>(
  pathWithQuery: string,
  init: RequestInit,
  inProcess: (provider: EmbeddedProvider, request: Request) => R | Promise<R>,
): Promise<R | Response> {
  const base = process.env.PROVIDER_URL?.replace(/\/+$/, "");
  if (base && !testTransport) {
    return fetch(`${base}/api${pathWithQuery}`, {
      ...init,
      headers: withAppKey(init.headers),
      signal: init.signal ?? AbortSignal.timeout(providerTimeoutMs()),
    });
  }
  const provider: EmbeddedProvider = testTransport ? { fetch: testTransport } : await embeddedProvider();
  // The request budget starts once the embedded provider is up. The embedded provider cannot be aborted
  // mid-flight: the reply is raced against the budget (or the caller's own signal).
  const request = new Request(`http://provider.internal/api${pathWithQuery}`, init);
  const reply = Promise.resolve().then(() => inProcess(provider, request));
  return init.signal ? withTimeout(reply, init.signal) : withDeadline(reply, providerTimeoutMs());
}
