/** Field limits and input filters of the account forms (their schemas: `schemas.ts`). */
import { keepDigits } from "~/forms/digits";

const PHONE_LENGTH = 10;
export const PASSWORD_MIN = 6;
export const RESET_CODE_LENGTH = 6;

/** Input filter for phone fields (docs/product.md#validation: digits only, max 10). */
export const keepPhoneDigits = (value: string) => keepDigits(value, PHONE_LENGTH);

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
      const digits = keepPhoneDigits(input.value);
      if (digits !== input.value) input.value = digits;
    },
  };
}
