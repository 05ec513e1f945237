import { z } from "zod";

/*
 * Request fields and helpers the customer routes share (context.ts has the readers and the number fields).
 */

/** The signed-in customer's id, on a route behind requireAuth. */
export const userId = (c: { get(k: "auth"): { user: { id: number } } }) => c.get("auth").user.id;

/** A customer's phone on the operator's routes: exactly 10 digits (spaces around it trimmed). */
export const customerPhone = z
  .string()
  .trim()
  .regex(/^\d{10}$/, "10 digits");

/** null and "" count as absent. */
export const emptyToUndefined = (v: unknown) => (v === null || v === "" ? undefined : v);

/** A client's idempotency key (docs/decisions/0015): a repeated key replays the first reply. */
export const idempotencyKey = z.string().trim().min(8, "8 to 100 characters").max(100, "8 to 100 characters");
/** Where the key is optional: absent, null and "" all mean none. */
export const optionalIdempotencyKey = z.preprocess(emptyToUndefined, idempotencyKey.optional());

/**
 * A body of `shape`'s fields and a required idempotency_key, which comes out as `idempotencyKey` (the name the
 * services take); the key is checked after the fields, so a request with both wrong names a field.
 */
export const keyedBody = <S extends z.ZodRawShape>(shape: S) =>
  z
    .object({ ...shape, idempotency_key: idempotencyKey })
    // (`as string`: inside this generic function zod cannot see that the key it has just checked is there)
    .transform(({ idempotency_key, ...fields }) => ({ ...fields, idempotencyKey: idempotency_key as string }));

/**
 * The second factor on a money request (docs/decisions/0271): an authenticator or recovery code; absent, null and ""
 * mean none (the service answers two_factor_required when two-factor is on).
 */
export const secondFactorCode = z.preprocess(emptyToUndefined, z.string().max(64).optional());

/**
 * A price a customer names (a limit, a trigger, an alert's level): a decimal string in the instrument's currency, up
 * to 12 digits and 6 decimals, above zero; never a JSON number (docs/decisions/0061). Whether it fits the instrument
 * (its tick, its decimals) is the service's check.
 */
export const priceString = z
  .string({ invalid_type_error: 'a price is a decimal string such as "2400.05", never a JSON number' })
  .regex(/^\d{1,12}(\.\d{1,6})?$/, 'a price is a decimal string such as "2400.05": up to 12 digits and 6 decimals')
  .refine((v) => /[1-9]/.test(v), "a price is above zero");
