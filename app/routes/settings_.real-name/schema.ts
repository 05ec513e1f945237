/** The real-name form's schema, shared by the action (route.server.ts) and the form (RealNameForm.tsx). */
import { z } from "zod";

import type { TFunction } from "~/i18n/config";
import { ID_TYPES as ID_TYPE_VALUES } from "~/provider/id-types";

type T = TFunction<"wallet">;

export type Photo = "front" | "back";

const text = (required: string, max = 100) =>
  z.string({ required_error: required }).trim().min(1, required).max(max, required);

/** A photo field: a non-empty file whose declared type is an image (the provider checks the bytes). */
function photoField(t: T, required: string) {
  return z
    .instanceof(File, { message: required })
    .refine((file) => file.size > 0, required)
    .refine((file) => file.type === "" || file.type.startsWith("image/"), t("realName.notImage"));
}

export function createRealNameSchema(t: T) {
  return z.object({
    real_name: text(t("realName.nameRequired")),
    id_type: z.enum(ID_TYPE_VALUES, { errorMap: () => ({ message: t("realName.idTypeRequired") }) }),
    id_number: z
      .string({ required_error: t("realName.idNumberRequired") })
      .trim()
      .regex(/^[A-Za-z0-9 -]{4,40}$/, t("realName.idNumberInvalid")),
    front: photoField(t, t("realName.frontRequired")),
    back: photoField(t, t("realName.backRequired")),
  });
}
