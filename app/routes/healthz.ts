/**
 * /healthz: 200 while the app can reach its provider and the provider's database answers (the embedded one has
 * migrated and seeded), else 503, so a load balancer takes the instance out (docs/decisions/0187-health-and-image-limits.md).
 * Used by the e2e web server wait, `npm start`'s warm-up and container health checks.
 */
import { json } from "@remix-run/node";

import { NO_STORE } from "~/http/no-store";
import { isProviderUnavailable, providerContext } from "~/provider/core.server";
import { checkProviderHealth } from "~/provider/health.server";

export async function loader({ request }: { request: Request }) {
  const ctx = await providerContext(request);
  try {
    await checkProviderHealth(ctx);
    return json({ ok: true }, { headers: NO_STORE });
  } catch (error) {
    if (isProviderUnavailable(error)) {
      return json({ ok: false, reason: error.reason }, { status: 503, headers: NO_STORE });
    }
    throw error;
  }
}
