/**
 * How the app reaches the provider. With PROVIDER_URL set: HTTP to `${PROVIDER_URL}/api…`.
 * Otherwise the embedded provider runs in this process and receives a `Request` directly.
 * This is the ONLY module in app/ that imports from provider/.
 */
export const PROVIDER_TIMEOUT_MS = 10_000;
/** The embedded provider opens and migrates its database on first use; that is not the request's time. */
export const EMBEDDED_BOOT_TIMEOUT_MS = 60_000;

interface EmbeddedProvider {
  fetch(request: Request): Response | Promise<Response>;
}

let embedded: Promise<EmbeddedProvider> | undefined;

async function embeddedProvider(): Promise<EmbeddedProvider> {
  embedded ??= import("../../provider/embedded")
    .then(({ getEmbeddedProvider }) => getEmbeddedProvider())
    .catch((error: unknown) => {
      embedded = undefined;
      throw error;
    });
  return withTimeout(embedded, AbortSignal.timeout(EMBEDDED_BOOT_TIMEOUT_MS));
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

/**
 * Sends one request to the provider. `pathWithQuery` is relative to /api, e.g. "/v2/stock/list?page=1".
 * Throws whatever fetch throws (network failure, AbortSignal timeout); HTTP statuses are returned as-is.
 */
export async function providerFetch(pathWithQuery: string, init: RequestInit = {}): Promise<Response> {
  const base = process.env.PROVIDER_URL?.replace(/\/+$/, "");
  if (base) {
    return fetch(`${base}/api${pathWithQuery}`, { ...init, signal: init.signal ?? AbortSignal.timeout(PROVIDER_TIMEOUT_MS) });
  }
  const provider = await embeddedProvider();
  // The 10 s request budget starts once the embedded provider is up.
  const signal = init.signal ?? AbortSignal.timeout(PROVIDER_TIMEOUT_MS);
  const request = new Request(`http://provider.internal/api${pathWithQuery}`, { ...init, signal });
  // The embedded provider cannot be aborted mid-flight; race it against the same timeout.
  return withTimeout(Promise.resolve(provider.fetch(request)), signal);
}
