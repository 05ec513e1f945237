/**
 * /settings/real-name's form (decision 0124): real name, ID type, ID number, front and back photos. Without JS the
 * raw files post as multipart; with JS, once the form is valid, each photo is scaled to 1200×1200 at quality 0.8 and
 * recompressed toward 1 MB first, a photo the browser cannot prepare saying so on its field. A submit the form's own
 * checks refuse still prepares both photos, so each photo's problem is said with the others at once
 * (docs/product.md#real-name).
 */
import { getInputProps, type SubmissionResult } from "@conform-to/react";
import { Form, useSubmit } from "@remix-run/react";
import { useRef, useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";

import { Field } from "~/components/ui/Field";
import { FormErrorSummary } from "~/components/ui/FormErrors";
import { useZodForm } from "~/forms/useZodForm";
import type { KycFigures } from "~/provider/wallet.server";
import { ImagePreparationError, prepareImage, type ImageProblem } from "~/utils/compress-image";
import { realNameHref } from "~/utils/hrefs";

import type { RealNameData } from "./route.server";
import type { Photo } from "./schema";

const PHOTOS: readonly Photo[] = ["front", "back"];

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

export function RealNameForm({
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
  // Set by `onSubmit` below, which Conform calls only when the form's own checks pass.
  const passedChecks = useRef(false);
  const {
    form,
    fields,
    formProps,
    summary,
    busy: posting,
  } = useZodForm({
    id: "real-name",
    schema: () => import("./schema").then((m) => m.createRealNameSchema(t)),
    constraint: data.constraint,
    lastResult,
    defaultValue: { real_name: kyc.realName, id_type: kyc.idType, id_number: kyc.idNumber },
    // With JS, once the form is valid: scale and recompress both photos, then post the form (multipart) with them.
    onSubmit: (event, { formData }) => {
      passedChecks.current = true;
      event.preventDefault();
      void prepareAndPost(formData);
    },
  });
  const busy = preparing || posting;
  const photoErrors = (photo: Photo) => (photoProblems[photo] ? [photoProblems[photo]!] : fields[photo].errors);

  /** Each chosen photo prepared for upload (in `formData`), and what the browser could not prepare, by photo. */
  const preparePhotos = async (formData: FormData) => {
    const problems: Partial<Record<Photo, string>> = {};
    setPreparing(true);
    for (const photo of PHOTOS) {
      const file = formData.get(photo);
      if (!(file instanceof File) || file.size === 0) continue; // the form's check says it is missing
      try {
        formData.set(photo, await prepareImage(file));
      } catch (error) {
        problems[photo] = t(PROBLEM_KEYS[error instanceof ImagePreparationError ? error.problem : "compressFailed"]);
      }
    }
    setPreparing(false);
    setPhotoProblems(problems);
    return problems;
  };

  const prepareAndPost = async (formData: FormData) => {
    const problems = await preparePhotos(formData);
    if (Object.keys(problems).length > 0) return;
    submitForm(formData, { method: "post", action: realNameHref(), encType: "multipart/form-data" });
  };

  // A submit the form's checks refuse (another field, or the other photo's type): the photos are prepared anyway, so
  // a photo the browser cannot read is said now, with the rest, not after the others are put right.
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    passedChecks.current = false;
    const formData = new FormData(event.currentTarget);
    formProps.onSubmit(event);
    if (!passedChecks.current && event.defaultPrevented) void preparePhotos(formData);
  };

  return (
    <section className="card st-kyc" aria-labelledby="kyc-form-title">
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
      <Form
        method="post"
        action={realNameHref()}
        encType="multipart/form-data"
        {...formProps}
        onSubmit={onSubmit}
        className="form"
      >
        <Field
          label={t("realName.name")}
          errors={fields.real_name.errors}
          inputProps={{
            ...getInputProps(fields.real_name, { type: "text", ariaAttributes: false }),
            autoComplete: "name",
          }}
        />
        <fieldset className="st-choices">
          <legend className="label">{t("realName.idType")}</legend>
          {fields.id_type.errors ? <p className="field__error">{fields.id_type.errors[0]}</p> : null}
          {data.idTypes.map((type) => (
            <label key={type} className="st-choice">
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
