/**
 * A form's native constraints (`required`, `minLength`, `pattern`…) from its zod schema, for its loader to send:
 * the component renders them before its schema has loaded (docs/decisions/0280-validation-loads-after-hydration.md).
 * Worked out on each request: remembering them saved under 1 % of a document and went
 * (docs/decisions/0555-deviations-re-measured-in-one-process.md).
 */
import { getZodConstraint } from "@conform-to/zod";
import type { z } from "zod";

import type { FormConstraint } from "./useZodForm";

/** The constraints of this schema, as Conform's `getZodConstraint` works them out. */
export function formConstraint(schema: z.ZodTypeAny): FormConstraint {
  return getZodConstraint(schema);
}
