/**
 * /healthz: 200 once the app can reach its provider (the embedded one has migrated and seeded), else 503.
 * Used by the e2e web server wait, `npm start`'s warm-up and container health checks.
 */
import { json } from "@remix-run/node";

import { callProvider, isProviderUnavailable, providerContext } from "~/provider/core.server";

export async function loader({ request }: { request: Request }) {
  const ctx = await providerContext(request);
  try {
    await callProvider(ctx, { path: "/v2/config", auth: false });
    return json({ ok: true }, { headers: { "Cache-Control": "no-store" } });
  } catch (error) {
    if (isProviderUnavailable(error)) {
      return json({ ok: false, reason: error.reason }, { status: 503, headers: { "Cache-Control": "no-store" } });
    }
    throw error;
  }
}
