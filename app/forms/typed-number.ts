import { getInputProps, type FieldMetadata } from "@conform-to/react";

/**
 * The input of a number the customer types (a quantity, a price, a percent): a text input, so that what the schema
 * refuses gets its translated message on the field rather than the browser's own; the phone's digit keypad
 * (`numeric` for whole numbers, `decimal` with a point) and no autofill. Errors are tied by `Field`, not here.
 */
export function typedNumberProps<Schema>(field: FieldMetadata<Schema>, inputMode: "numeric" | "decimal") {
  return {
    ...getInputProps(field, { type: "text", ariaAttributes: false }),
    inputMode,
    autoComplete: "off",
  } as const;
}
