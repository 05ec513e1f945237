/** The desktop warning's dismiss form: `redirectTo` is sent by the plain (no-JS) form only; the JS fetcher leaves it out. */
import { z } from "zod";

export function createDismissSchema() {
  return z.object({ redirectTo: z.string().optional() });
}
