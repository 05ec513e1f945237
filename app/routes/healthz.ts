/**
 * /healthz: 200 while the app can reach its provider and the provider's database answers (the embedded one has
 * migrated and seeded), else 503, so a load balancer takes the instance out (docs/decisions/0187-health-and-image-limits.md).
 * Used by the e2e web server wait, `npm start`'s warm-up and container health checks. `warnings` lists what this
 * process found wrong with how it is set up (a proxy TRUST_PROXY does not name: docs/decisions/0351); they never
 * change the status, which is about serving.
 */
import { json } from "@remix-run/node";

import { NO_STORE } from "~/http/no-store";
import { deploymentWarnings } from "~/http/proxy.server";
import { isProviderUnavailable } from "~/provider/core.server";
import { checkProviderHealth } from "~/provider/health.server";
import { providerContext } from "~/utils/request.server";

export async function loader({ request }: { request: Request }) {
  const ctx = await providerContext(request);
  try {
    await checkProviderHealth(ctx);
    return json({ ok: true, warnings: deploymentWarnings() }, { headers: NO_STORE });
  } catch (error) {
    if (isProviderUnavailable(error)) {
      return json(
        { ok: false, reason: error.reason, warnings: deploymentWarnings() },
        { status: 503, headers: NO_STORE },
      );
    }
    throw error;
  }
}
