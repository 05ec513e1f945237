/**
 * /settings/real-name's server half (docs/decisions/0201-route-shape.md): the loader reads the verification state;
 * the action uploads each photo to the provider, then submits autonomy/add with the returned references. Every photo's
 * problem is said at once: a photo that passes its own checks goes to the provider even when the rest of the form is
 * refused, so a bad second photo is not found only after the first is put right (docs/product.md#real-name). route.tsx
 * re-exports `loader` and `action`.
 */
import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";

import { parseWithZod, refuse, submitToProvider } from "~/forms/action.server";
import { fixedFormConstraint } from "~/forms/constraint.server";
import type { FormConstraint } from "~/forms/useZodForm";
import { NO_STORE } from "~/http/no-store";
import { requireSameOrigin } from "~/http/security.server";
import { attempt, failureMessage, logFailure } from "~/provider/failures.server";
import {
  ID_TYPES,
  getKycState,
  kycFigures,
  submitKyc,
  uploadImage,
  type IdType,
  type KycFigures,
} from "~/provider/wallet.server";
import { realNameHref } from "~/utils/hrefs";
import { requireUserContext, type UserRequestContext } from "~/utils/request.server";

import type { Photo } from "./schema";

export interface RealNameData {
  /** null: the status could not be read (the form is not offered until it can be). */
  kyc: KycFigures | null;
  /** The ID types offered, in order (from the provider module, which the browser does not load). */
  idTypes: IdType[];
  /** The form's native constraints (docs/decisions/0280-validation-loads-after-hydration.md). */
  constraint: FormConstraint;
}

export async function loader({ request }: LoaderFunctionArgs) {
  const context = await requireUserContext(request, "wallet");
  const state = await attempt(getKycState(context.provider));
  if (!state.ok) logFailure("real-name state", state.failure);
  const { createRealNameSchema } = await import("./schema");
  const data: RealNameData = {
    kyc: state.ok ? kycFigures(state.data) : null,
    idTypes: [...ID_TYPES],
    constraint: fixedFormConstraint(createRealNameSchema, context.t),
  };
  return json(data, { status: state.ok ? 200 : 503, headers: NO_STORE });
}

/** One photo to the provider: its reference, or the message for its field (a business code) or the form. */
async function upload(context: UserRequestContext, file: File, photo: Photo) {
  const uploaded = await attempt(uploadImage(context.provider, file, `${photo}.jpg`));
  if (uploaded.ok) return { ok: true as const, url: uploaded.data.url };
  logFailure("real-name upload", uploaded.failure);
  return {
    ok: false as const,
    business: uploaded.failure.kind === "business",
    message: failureMessage(context.t, uploaded.failure, "wallet:realName.fileUploadFailed"),
  };
}

type Upload = Awaited<ReturnType<typeof upload>>;

/** The photos' refusals: each on its photo's field (a business code), or on the form when the provider did not answer. */
function uploadProblems(context: UserRequestContext, uploads: [Photo, Upload][]) {
  const fieldErrors: Record<string, string[]> = {};
  const formErrors: string[] = [];
  for (const [photo, result] of uploads) {
    if (result.ok) continue;
    if (result.business) fieldErrors[photo] = [result.message];
    else formErrors.push(context.t("realName.uploadFailed"), result.message);
  }
  return { fieldErrors, formErrors: Array.from(new Set(formErrors)) };
}

export async function action({ request }: ActionFunctionArgs) {
  requireSameOrigin(request);
  const context = await requireUserContext(request, "wallet");
  // A body that is not a whole multipart form (cut off on the way) reads as an empty form: each field says so.
  const formData = await request.formData().catch(() => new FormData());
  const { createRealNameSchema } = await import("./schema");
  const submission = parseWithZod(formData, { schema: createRealNameSchema(context.t) });
  if (submission.status !== "success") {
    // The photos that passed their own checks are checked by the provider all the same: every photo's problem is
    // said with the form's others. What they were stored as is not kept: the next submit sends them again.
    const checked = await Promise.all(
      (["front", "back"] as const)
        .filter((photo) => !submission.error?.[photo])
        .map(async (photo): Promise<[Photo, Upload]> => [
          photo,
          await upload(context, formData.get(photo) as File, photo),
        ]),
    );
    const problems = uploadProblems(context, checked);
    return refuse(submission, {
      fieldErrors: problems.fieldErrors,
      ...(problems.formErrors.length > 0 ? { formErrors: problems.formErrors } : {}),
    });
  }
  const { real_name, id_type, id_number, front, back } = submission.value;

  const [frontUpload, backUpload] = await Promise.all([upload(context, front, "front"), upload(context, back, "back")]);
  if (!frontUpload.ok || !backUpload.ok) {
    return refuse(
      submission,
      uploadProblems(context, [
        ["front", frontUpload],
        ["back", backUpload],
      ]),
    );
  }

  return submitToProvider(submission, {
    t: context.t,
    where: "real-name",
    call: () =>
      submitKyc(context.provider, {
        real_name,
        id_type,
        id_number,
        id_number_img: frontUpload.url,
        id_number_img_two: backUpload.url,
      }),
    inputFields: {
      real_name: "real_name",
      id_number: "id_number",
      id_type: "id_type",
      id_number_img: "front",
      id_number_img_two: "back",
    },
    fallbackKey: "wallet:realName.failed",
    success: () => ({ to: realNameHref(), toast: { key: "wallet:toast.realNameSubmitted" } }),
  });
}
