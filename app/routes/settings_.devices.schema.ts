/** The devices screen's one form (docs/product.md#two-factor-and-devices): end one session (`id`), or every other one. */
import { z } from "zod";

export function createDevicesSchema() {
  return z.discriminatedUnion("intent", [
    z.object({ intent: z.literal("end"), id: z.coerce.number().int().positive() }),
    z.object({ intent: z.literal("end-others") }),
  ]);
}
