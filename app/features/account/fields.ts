/**
 * Field limits and input filters the account forms use in the browser. No zod here: the schemas live in
 * `schemas.server.ts` and the browser gets their HTML constraints from the loader
 * (docs/decisions/0006-form-validation-on-the-server.md).
 */
const PHONE_LENGTH = 10;
export const PASSWORD_MIN = 6;
export const RESET_CODE_LENGTH = 6;

/** Input filter for phone fields (docs/product.md#validation: digits only, max 10). */
export function keepDigits(value: string, max = PHONE_LENGTH): string {
  return value.replace(/\D+/g, "").slice(0, max);
}

/**
 * The attributes every phone input shares (login, register, forgot-password): numeric keypad, 10 characters,
 * and digits only as the customer types (docs/product.md#validation). `autoComplete` differs: a login names
 * the account.
 */
export function phoneInputAttributes(autoComplete: "username" | "tel-national") {
  return {
    inputMode: "numeric" as const,
    maxLength: PHONE_LENGTH,
    autoComplete,
    onInput: (event: { currentTarget: HTMLInputElement }) => {
      const input = event.currentTarget;
      const digits = keepDigits(input.value);
      if (digits !== input.value) input.value = digits;
    },
  };
}
