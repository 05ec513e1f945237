/** Settings → "Yes, log out" (docs/product.md#accounts): intent only. */
import { z } from "zod";

export function createLogoutSchema() {
  return z.object({ intent: z.literal("logout") });
}
