/**
 * A form's native constraints (`required`, `minLength`, `pattern`…) from its zod schema, for its loader to send:
 * the component renders them before its schema has loaded (docs/decisions/0280-validation-loads-after-hydration.md).
 * Messages play no part in them, so any `t` builds the schema.
 */
import { getZodConstraint } from "@conform-to/zod";
import type { z } from "zod";

import type { FormConstraint } from "./useZodForm";

const remembered = new WeakMap<object, FormConstraint>();

/** The constraints of this schema object (remembered while it lives: a module-level schema is walked once). */
export function formConstraint(schema: z.ZodTypeAny): FormConstraint {
  let constraint = remembered.get(schema);
  if (!constraint) {
    constraint = Object.freeze(getZodConstraint(schema));
    remembered.set(schema, constraint);
  }
  return constraint;
}

/**
 * The constraints of a form whose schema takes nothing but its messages (`createOrderSchema(t)`): worked out from the
 * first schema this server builds and remembered, since messages play no part in them. Building the schema and
 * walking it was ~3 % of a buy/sell document's server time (docs/decisions/0316-remembered-form-constraints.md).
 * A schema that also takes settings or limits (withdraw, loan) goes through `formConstraint` each time.
 */
export function fixedFormConstraint<T>(create: (t: T) => z.ZodTypeAny, t: T): FormConstraint {
  let constraint = remembered.get(create);
  if (!constraint) {
    constraint = formConstraint(create(t));
    remembered.set(create, constraint);
  }
  return constraint;
}
