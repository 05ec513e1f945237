/**
 * A form's native constraints (`required`, `minLength`, `pattern`…) from its zod schema, for its loader to send:
 * the component renders them before its schema has loaded (docs/decisions/0280-validation-loads-after-hydration.md).
 * Messages play no part in them, so any `t` builds the schema.
 */
import { getZodConstraint } from "@conform-to/zod";
import type { z } from "zod";

import type { FormConstraint } from "./useZodForm";

export function formConstraint(schema: z.ZodTypeAny): FormConstraint {
  return getZodConstraint(schema);
}
