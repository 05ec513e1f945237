/** The provider's health (docs/provider-api.md "Health"), for the app's /healthz (decision 0187). */
import { ProviderError, callProvider, isProviderUnavailable, type ProviderContext } from "./core.server";

/**
 * Resolves when the provider is up: `GET /health`, which the reference provider answers 200 only while its database
 * does (503 `database_unavailable` otherwise, thrown here as ProviderUnavailableError). A provider without the
 * endpoint (a 404, as JSON or as a page) is asked for `GET /v2/config` instead, as before.
 */
export async function checkProviderHealth(ctx: ProviderContext): Promise<void> {
  try {
    await callProvider(ctx, { path: "/health", auth: false });
  } catch (error) {
    const noSuchEndpoint =
      error instanceof ProviderError || (isProviderUnavailable(error) && error.reason === "bad_reply");
    if (!noSuchEndpoint) throw error;
    await callProvider(ctx, { path: "/v2/config", auth: false });
  }
}
