/** The older cancel step of /records (a provider without order types: docs/decisions/0443), loaded by `import()`. */
import { z } from "zod";

import type { TFunction } from "~/i18n/config";

export function createCancelSchema(t: TFunction) {
  const failed = t("errors.submissionFailed");
  return z.object({
    intent: z.literal("cancel", { errorMap: () => ({ message: failed }) }),
    no: z.string({ required_error: failed }).regex(/^[0-9]{1,40}$/, failed),
  });
}
