/**
 * Field limits and input filters the account forms use in the browser. No zod here: the schemas live in
 * server modules and the browser gets their HTML constraints from the loader (docs/decisions/0006-form-validation-on-the-server.md).
 */
export const PHONE_LENGTH = 10;
export const PASSWORD_MIN = 6;
export const RESET_CODE_LENGTH = 6;

/** Input filter for phone fields (SPEC §5: digits only, max 10). */
export function keepDigits(value: string, max = PHONE_LENGTH): string {
  return value.replace(/\D+/g, "").slice(0, max);
}

