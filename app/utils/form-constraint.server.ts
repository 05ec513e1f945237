/**
 * A form's HTML constraints (required, minLength, min, max, step, pattern: `getZodConstraint` of its zod schema), as
 * plain data a loader sends to the form's component (docs/decisions/0006-form-validation-on-the-server.md).
 *
 * They hold no message, so they are the same in every language; they change only with the bounds the schema is built
 * from (a configured minimum, an offer's limits, the deployment). Each is built once per form and bounds and shared
 * by every request (docs/decisions/0175-form-constraints-built-once.md): building a schema and reading its
 * constraints was 3-5 % of a form page's server time.
 *
 * The rule for callers: `bounds` is every argument the schema's builder takes except `t` (null when there is none).
 * What comes back is frozen.
 */
import { getZodConstraint } from "@conform-to/zod";
import { LRUCache } from "lru-cache";
import type { z } from "zod";

import { deepFreeze } from "./deep-freeze";

export type FormConstraint = ReturnType<typeof getZodConstraint>;

/** Bounded: offers and IPOs bring their own limits, so the keys are not a fixed set. */
const built = new LRUCache<string, FormConstraint>({ max: 1_000 });

/** The constraints of the schema `build` makes for `form` with `bounds`, built on first use. */
export function formConstraint(form: string, bounds: unknown, build: () => z.ZodTypeAny): FormConstraint {
  const key = `${form}|${JSON.stringify(bounds ?? null)}`;
  let constraint = built.get(key);
  if (!constraint) {
    constraint = deepFreeze(getZodConstraint(build()));
    built.set(key, constraint);
  }
  return constraint;
}
