/** Helpers for tests that call loaders and actions directly with a `Request` (not part of the app build). */
export const ORIGIN = "http://localhost:3000";

export function cookieHeaderFrom(response: Response, previous = ""): string {
  const jar = new Map<string, string>();
  for (const pair of previous.split(/;\s*/).filter(Boolean)) {
    const [name, ...rest] = pair.split("=");
    jar.set(name, rest.join("="));
  }
  for (const line of response.headers.getSetCookie()) {
    const [pair, ...attributes] = line.split(/;\s*/);
    const [name, ...rest] = pair.split("=");
    const value = rest.join("=");
    const expired =
      attributes.some(
        (attribute) => /^expires=/i.test(attribute) && new Date(attribute.slice(8)).getTime() < Date.now(),
      ) || attributes.some((attribute) => /^max-age=0$/i.test(attribute));
    if (expired || value === "") jar.delete(name);
    else jar.set(name, value);
  }
  return Array.from(jar, ([name, value]) => `${name}=${value}`).join("; ");
}

export function formRequest(
  path: string,
  fields: Record<string, string>,
  options: { cookie?: string; headers?: Record<string, string> } = {},
): Request {
  const headers = new Headers({
    "Content-Type": "application/x-www-form-urlencoded",
    Origin: ORIGIN,
    "Sec-Fetch-Site": "same-origin",
    ...options.headers,
  });
  if (options.cookie) headers.set("Cookie", options.cookie);
  return new Request(`${ORIGIN}${path}`, { method: "POST", headers, body: new URLSearchParams(fields) });
}

export function getRequest(path: string, cookie?: string): Request {
  return new Request(`${ORIGIN}${path}`, { headers: cookie ? { Cookie: cookie } : {} });
}

export const routeArgs = (request: Request, params: Record<string, string> = {}) => ({ request, params, context: {} });

/** Runs a loader/action and returns the Response whether it was returned or thrown. */
export async function settle(run: () => Promise<Response> | Response): Promise<Response> {
  try {
    return await run();
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    throw thrown;
  }
}

export interface ReplyJson {
  result: { status?: string; error?: Record<string, string[] | null>; initialValue?: Record<string, unknown> | null };
}
