/**
 * /settings/real-name (auth; docs/product.md#real-name): the verification status first (autonomy/state), then the
 * form: real name, ID type (ID card, driver's licence, passport, other), ID number, front and back photos. Under
 * review (1) or approved (2) locks it: a stamp and read-only fields, the submitted photos shown through the app
 * (never the provider's address). The upload path (decision 0124): the browser posts the form as multipart; with JS
 * it first scales each photo to 1200×1200 at quality 0.8 and recompresses it toward 1 MB; without JS the raw files
 * post (the server takes up to 8 MB on this route). The action uploads each photo to the provider, then submits
 * autonomy/add with the returned references.
 */
import { getInputProps, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useSubmit } from "@remix-run/react";
import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { z } from "zod";

import { Field } from "~/components/ui/Field";
import { FormErrorSummary } from "~/components/ui/FormErrors";
import { RetryNotice } from "~/components/ui/RetryNotice";
import { ImagePreparationError, prepareImage, type ImageProblem } from "~/features/wallet/compress-image";
import { walletLinks } from "~/features/wallet/route-exports";
import type { T } from "~/features/wallet/schemas";
import { refuse, submitToProvider } from "~/forms/action.server";
import { useZodForm } from "~/forms/useZodForm";
import { NO_STORE, noStoreHeaders } from "~/http/no-store";
import { requireSameOrigin } from "~/http/security.server";
import { attempt, failureMessage, logFailure } from "~/provider/failures.server";
import { ID_TYPES as ID_TYPE_VALUES } from "~/provider/id-types";
import {
  ID_TYPES,
  getKycState,
  kycFigures,
  submitKyc,
  uploadImage,
  type IdType,
  type KycFigures,
} from "~/provider/wallet.server";
import { kycImageHref, realNameHref, settingsHref } from "~/utils/hrefs";
import type { PageHandle } from "~/utils/page";
import { requireUserContext, type UserRequestContext } from "~/utils/request.server";

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

const text = (required: string, max = 100) =>
  z.string({ required_error: required }).trim().min(1, required).max(max, required);

export const handle: PageHandle = { i18n: ["wallet:realName", "wallet:settings"], titleKey: "wallet:realName.title" };
export const links = walletLinks;
export const headers = noStoreHeaders;

const PHOTOS = ["front", "back"] as const;
type Photo = (typeof PHOTOS)[number];

export interface RealNameData {
  /** null: the status could not be read (the form is not offered until it can be). */
  kyc: KycFigures | null;
  /** The ID types offered, in order (from the provider module, which the browser does not load). */
  idTypes: IdType[];
}

export async function loader({ request }: LoaderFunctionArgs) {
  const context = await requireUserContext(request, "wallet");
  const state = await attempt(getKycState(context.provider));
  if (!state.ok) logFailure("real-name state", state.failure);
  const data: RealNameData = { kyc: state.ok ? kycFigures(state.data) : null, idTypes: [...ID_TYPES] };
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

export async function action({ request }: ActionFunctionArgs) {
  requireSameOrigin(request);
  const context = await requireUserContext(request, "wallet");
  // A body that is not a whole multipart form (cut off on the way) reads as an empty form: each field says so.
  const formData = await request.formData().catch(() => new FormData());
  const submission = parseWithZod(formData, { schema: createRealNameSchema(context.t) });
  if (submission.status !== "success") return refuse(submission);
  const { real_name, id_type, id_number, front, back } = submission.value;

  const [frontUpload, backUpload] = await Promise.all([upload(context, front, "front"), upload(context, back, "back")]);
  if (!frontUpload.ok || !backUpload.ok) {
    const fieldErrors: Record<string, string[]> = {};
    const formErrors: string[] = [];
    for (const [photo, result] of [
      ["front", frontUpload],
      ["back", backUpload],
    ] as const) {
      if (result.ok) continue;
      if (result.business) fieldErrors[photo] = [result.message];
      else formErrors.push(context.t("realName.uploadFailed"), result.message);
    }
    return refuse(submission, { fieldErrors, formErrors: Array.from(new Set(formErrors)) });
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

export default function RealNamePage() {
  const data = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  const { t } = useTranslation("wallet");
  const kyc = data.kyc;
  return (
    <div className="wl-page">
      <h1 tabIndex={-1}>{t("realName.heading")}</h1>
      {kyc ? (
        <>
          <p className="wl-kyc-status">
            {t("realName.statusLabel")}:{" "}
            <strong>{t(kyc.status === null ? "realName.statusName.none" : `realName.statusName.${kyc.status}`)}</strong>
          </p>
          {kyc.status === 3 && kyc.reason ? (
            <p className="notice">{t("realName.rejected", { reason: kyc.reason })}</p>
          ) : null}
          {kyc.locked ? <LockedRecord kyc={kyc} /> : <RealNameForm data={data} kyc={kyc} lastResult={reply?.result} />}
        </>
      ) : (
        <RetryNotice message={t("realName.stateFailed")} href={realNameHref()} retryLabel={t("realName.retry")} />
      )}
      <p className="links">
        <Link to={settingsHref()}>{t("settings.back")}</Link>
      </p>
    </div>
  );
}

/** Under review or approved: the stamp, the details read-only, the photos the customer sent. */
function LockedRecord({ kyc }: { kyc: KycFigures }) {
  const { t } = useTranslation("wallet");
  return (
    <section className="card wl-kyc wl-kyc--locked" aria-labelledby="kyc-stamp">
      <p id="kyc-stamp" className={`wl-stamp wl-stamp--${kyc.status}`}>
        {t(kyc.status === 2 ? "realName.stamp.2" : "realName.stamp.1")}
      </p>
      <p className="field__hint">{t("realName.lockedNote")}</p>
      <div className="form">
        <div className="field">
          <label htmlFor="kyc-name">{t("realName.name")}</label>
          <input id="kyc-name" type="text" value={kyc.realName} readOnly />
        </div>
        <div className="field">
          <label htmlFor="kyc-type">{t("realName.idType")}</label>
          <input id="kyc-type" type="text" value={t(`realName.idTypeName.${kyc.idType}`)} readOnly />
        </div>
        <div className="field">
          <label htmlFor="kyc-number">{t("realName.idNumber")}</label>
          <input id="kyc-number" type="text" value={kyc.idNumber} readOnly />
        </div>
        <div className="wl-kyc-photos">
          {kyc.front ? <img src={kycImageHref(kyc.front)} alt={t("realName.frontImage")} width={160} /> : null}
          {kyc.back ? <img src={kycImageHref(kyc.back)} alt={t("realName.backImage")} width={160} /> : null}
        </div>
      </div>
    </section>
  );
}

const PROBLEM_KEYS: Record<
  ImageProblem,
  | "realName.notImage"
  | "realName.invalidImage"
  | "realName.loadFailed"
  | "realName.readFailed"
  | "realName.compressFailed"
> = {
  notImage: "realName.notImage",
  invalidImage: "realName.invalidImage",
  loadFailed: "realName.loadFailed",
  readFailed: "realName.readFailed",
  compressFailed: "realName.compressFailed",
};

function RealNameForm({
  data,
  kyc,
  lastResult,
}: {
  data: RealNameData;
  kyc: KycFigures;
  lastResult: SubmissionResult<string[]> | undefined;
}) {
  const { t } = useTranslation("wallet");
  const submitForm = useSubmit();
  // Problems the browser found while preparing a photo (with JS only); the server's come through `fields`.
  const [photoProblems, setPhotoProblems] = useState<Partial<Record<Photo, string>>>({});
  const [preparing, setPreparing] = useState(false);
  const schema = useMemo(() => createRealNameSchema(t), [t]);
  const {
    form,
    fields,
    formProps,
    summary,
    busy: posting,
  } = useZodForm({
    id: "real-name",
    schema,
    lastResult,
    defaultValue: { real_name: kyc.realName, id_type: kyc.idType, id_number: kyc.idNumber },
    // With JS, once the form is valid: scale and recompress both photos, then post the form (multipart) with them.
    onSubmit: (event, { formData }) => {
      event.preventDefault();
      void prepareAndPost(formData);
    },
  });
  const busy = preparing || posting;
  const photoErrors = (photo: Photo) => (photoProblems[photo] ? [photoProblems[photo]!] : fields[photo].errors);

  const prepareAndPost = async (formData: FormData) => {
    const problems: Partial<Record<Photo, string>> = {};
    setPreparing(true);
    for (const photo of PHOTOS) {
      const file = formData.get(photo);
      if (!(file instanceof File) || file.size === 0) continue; // the server says it is missing
      try {
        formData.set(photo, await prepareImage(file));
      } catch (error) {
        problems[photo] = t(PROBLEM_KEYS[error instanceof ImagePreparationError ? error.problem : "compressFailed"]);
      }
    }
    setPreparing(false);
    setPhotoProblems(problems);
    if (Object.keys(problems).length > 0) return;
    submitForm(formData, { method: "post", action: realNameHref(), encType: "multipart/form-data" });
  };

  return (
    <section className="card wl-kyc" aria-labelledby="kyc-form-title">
      <h2 id="kyc-form-title">{t("realName.title")}</h2>
      <FormErrorSummary
        fields={[
          fields.real_name,
          { id: `${form.id}-type-${data.idTypes[0]}`, errors: fields.id_type.errors },
          fields.id_number,
          { id: fields.front.id, errors: photoErrors("front") },
          { id: fields.back.id, errors: photoErrors("back") },
        ]}
        formErrors={form.errors}
        lastResult={Object.keys(photoProblems).length > 0 ? { status: "error" } : summary.lastResult}
        attempts={summary.attempts}
      />
      <Form method="post" action={realNameHref()} encType="multipart/form-data" {...formProps} className="form">
        <Field
          label={t("realName.name")}
          errors={fields.real_name.errors}
          inputProps={{
            ...getInputProps(fields.real_name, { type: "text", ariaAttributes: false }),
            autoComplete: "name",
          }}
        />
        <fieldset className="wl-choices">
          <legend className="label">{t("realName.idType")}</legend>
          {fields.id_type.errors ? <p className="field__error">{fields.id_type.errors[0]}</p> : null}
          {data.idTypes.map((type) => (
            <label key={type} className="wl-choice">
              <input
                type="radio"
                name={fields.id_type.name}
                id={`${form.id}-type-${type}`}
                value={type}
                defaultChecked={(fields.id_type.initialValue ?? kyc.idType) === type}
              />
              <span>{t(`realName.idTypeName.${type}`)}</span>
            </label>
          ))}
        </fieldset>
        <Field
          label={t("realName.idNumber")}
          errors={fields.id_number.errors}
          inputProps={{
            ...getInputProps(fields.id_number, { type: "text", ariaAttributes: false }),
            autoComplete: "off",
          }}
        />
        {PHOTOS.map((photo) => (
          <Field
            key={photo}
            label={t(photo === "front" ? "realName.front" : "realName.back")}
            hint={t("realName.photoHint")}
            errors={photoErrors(photo)}
            inputProps={{
              ...getInputProps(fields[photo], { type: "file", ariaAttributes: false }),
              accept: "image/*",
              onChange: () => setPhotoProblems((problems) => ({ ...problems, [photo]: undefined })),
            }}
          />
        ))}
        <button type="submit" className="button button--block" disabled={busy}>
          {busy ? t("realName.submitting") : t("realName.submit")}
        </button>
      </Form>
    </section>
  );
}
