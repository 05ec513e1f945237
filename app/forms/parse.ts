/**
 * What the browser needs to check a form with its zod schema: loaded by `useZodForm` after the page is usable, never
 * with it (docs/decisions/0280-validation-loads-after-hydration.md).
 */
export { parseWithZod } from "@conform-to/zod";
