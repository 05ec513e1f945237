/** Tests of app/routes/settings_.real-name/ (route.tsx, route.server.ts) (one test file per route: docs/ARCHITECTURE.md#tests). */
import { describe, expect, it, vi } from "vitest";

vi.hoisted(() => {
  process.env.VISIBLE_LOCALES = "en,zh,de,es";
});

import sharp from "sharp";

import { localeCookie } from "~/i18n/i18next.server";
import {
  fieldErrors,
  getRequest,
  load,
  no,
  ok,
  ORIGIN,
  type ReplyJson,
  settle,
  useRouteFixture,
  useScriptedProvider,
} from "~/testing/route-harness";

import { loader as kycImageLoader } from "../resources.kyc-image.$id";
import { action as realNameAction, loader as realNameLoader, type RealNameData } from "./route";

/** The verification form as the browser posts it: an ID card and its two photos (a few PNG bytes each). */
function idCardForm() {
  const image = new Blob([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], { type: "image/png" });
  const body = new FormData();
  body.append("real_name", "Asha Rao");
  body.append("id_type", "idCard");
  body.append("id_number", "ABCD1234");
  body.append("front", image, "front.png");
  body.append("back", image, "back.png");
  return body;
}

describe("on a real provider", () => {
  const { customer, toast } = useRouteFixture();

  describe("real-name", () => {
    const png = () =>
      sharp({ create: { width: 64, height: 40, channels: 3, background: "#3366cc" } })
        .png()
        .toBuffer();

    function multipart(cookie: string, fields: Record<string, string | Blob>) {
      const body = new FormData();
      for (const [name, value] of Object.entries(fields)) {
        if (typeof value === "string") body.append(name, value);
        else body.append(name, value, name === "front" ? "front.png" : "back.png");
      }
      return new Request(`${ORIGIN}/settings/real-name`, {
        method: "POST",
        headers: { Origin: ORIGIN, "Sec-Fetch-Site": "same-origin", Cookie: cookie },
        body,
      });
    }
    const submit = (cookie: string, fields: Record<string, string | Blob>) =>
      settle(() => realNameAction({ request: multipart(cookie, fields), params: {}, context: {} }));

    it("status first; the form's messages; uploads then submits; locked under review; photos only to their owner", async () => {
      const { cookie } = await customer();
      expect((await load<RealNameData>(realNameLoader, "/settings/real-name", cookie)).kyc).toMatchObject({
        status: null,
        locked: false,
        idType: "idCard",
      });

      const image = new Blob([await png()], { type: "image/png" });
      expect(await fieldErrors(await submit(cookie, { id_type: "passport" }))).toMatchObject({
        real_name: ["Please enter your real name"],
        id_number: ["Please enter your ID number"],
        front: ["Please select a photo of the front of your ID"],
        back: ["Please select a photo of the back of your ID"],
      });
      const passport = { real_name: "Asha Rao", id_type: "passport", id_number: "P1234567", back: image };
      const text = new Blob(["not a picture"], { type: "text/plain" });
      expect(await fieldErrors(await submit(cookie, { ...passport, front: text }))).toMatchObject({
        front: ["Please select an image file"],
      });
      // A file that claims to be an image but is not: the provider reads the bytes (not_image).
      const fake = new Blob(["GIF89a but not really"], { type: "image/gif" });
      expect(await fieldErrors(await submit(cookie, { ...passport, front: fake }))).toMatchObject({
        front: ["Please select an image file"],
      });

      const done = await submit(cookie, { ...passport, front: image });
      expect(done.status).toBe(302);
      expect(done.headers.get("Location")).toBe("/settings/real-name");
      expect(await toast(done)).toBe("Verification submitted. It is now under review.");
      const kyc = (await load<RealNameData>(realNameLoader, "/settings/real-name", cookie)).kyc!;
      expect(kyc).toMatchObject({
        status: 1,
        locked: true,
        realName: "Asha Rao",
        idType: "passport",
        idNumber: "P1234567",
      });
      expect(kyc.front).toMatch(/^[0-9a-f-]{36}$/);

      const photo = await settle(() =>
        kycImageLoader({
          request: getRequest(`/resources/kyc-image/${kyc.front}`, cookie),
          params: { id: kyc.front! },
          context: {},
        }),
      );
      expect(photo.status).toBe(200);
      expect(photo.headers.get("Content-Type")).toBe("image/jpeg");
      expect((await sharp(Buffer.from(await photo.arrayBuffer())).metadata()).width).toBe(64);
      const stranger = await customer();
      const refused = await settle(() =>
        kycImageLoader({
          request: getRequest(`/resources/kyc-image/${kyc.front}`, stranger.cookie),
          params: { id: kyc.front! },
          context: {},
        }),
      );
      expect(refused.status).toBe(404);

      // Locked: a second submission is the provider's kyc_locked.
      const again = await submit(cookie, {
        real_name: "Asha Rao",
        id_type: "passport",
        id_number: "P1234567",
        front: image,
        back: image,
      });
      expect(((await again.json()) as ReplyJson).result.error).toMatchObject({
        "": ["Your verification is under review or already approved"],
      });
    });

    it("says every photo's problem at once, each on its field, beside the form's others (issue 38)", async () => {
      const { cookie } = await customer();
      const text = new Blob(["not a picture"], { type: "text/plain" });
      // 6000 × 5000 = 30 megapixels: an image the provider refuses, though it is one.
      const huge = new Blob(
        [
          await sharp({ create: { width: 6000, height: 5000, channels: 3, background: "#ffffff" } })
            .png()
            .toBuffer(),
        ],
        { type: "image/png" },
      );
      const refused = await submit(cookie, { id_type: "passport", id_number: "P1234567", front: text, back: huge });
      expect(refused.status).toBe(400);
      expect(((await refused.json()) as ReplyJson).result.error).toEqual({
        real_name: ["Please enter your real name"],
        front: ["Please select an image file"],
        back: ["The image has too many pixels (at most 25 megapixels; GIF at most 2)"],
      });
      // Both the other way round: the provider's refusal of the front, the form's of the back.
      const fake = new Blob(["GIF89a but not really"], { type: "image/gif" });
      const swapped = await submit(cookie, {
        real_name: "Asha Rao",
        id_type: "passport",
        id_number: "P1234567",
        front: fake,
      });
      expect(((await swapped.json()) as ReplyJson).result.error).toEqual({
        front: ["Please select an image file"],
        back: ["Please select a photo of the back of your ID"],
      });
      expect((await load<RealNameData>(realNameLoader, "/settings/real-name", cookie)).kyc).toMatchObject({
        status: null,
        locked: false,
      });
    });
  });
});

describe("when the provider fails", () => {
  const { provider, session, formErrors } = useScriptedProvider();

  describe("fallback messages of the settings screens", () => {
    it("real-name: an upload refused with an unknown code is 'Failed to upload file' on its photo; no answer is 'Upload failed'; a refused submit 'Failed to submit verification'", async () => {
      const request = () =>
        new Request(`${ORIGIN}/settings/real-name`, {
          method: "POST",
          headers: { Origin: ORIGIN, "Sec-Fetch-Site": "same-origin", Cookie: session.cookie },
          body: idCardForm(),
        });
      const submit = () => settle(() => realNameAction({ request: request(), params: {}, context: {} }));
      const upload = {
        id: "5d6b0c2e-0000-4000-8000-000000000001",
        url: "/api/stock/success/upload/5d6b0c2e-0000-4000-8000-000000000001",
      };

      provider.reply("/stock/success/upload", { json: no("something_new") });
      const refused = (await (await submit()).json()) as ReplyJson;
      expect(refused.result.error).toMatchObject({ front: ["Failed to upload file"], back: ["Failed to upload file"] });

      provider.reply("/stock/success/upload", { fail: "timeout" });
      const lost = (await (await submit()).json()) as ReplyJson;
      expect(lost.result.error?.[""]).toEqual([
        "Upload failed",
        "The service is not responding right now. Please try again in a moment.",
      ]);

      provider.reply("/stock/success/upload", {
        json: ok({ ...upload, mime: "image/jpeg", size: 10, width: 1, height: 1 }),
      });
      provider.reply("/stock/success/autonomy/add", { json: no("something_new") });
      expect(await formErrors(await submit())).toEqual(["Failed to submit verification"]);
      expect(provider.calls.find((call) => call.path === "/stock/success/autonomy/add")?.body).toEqual({
        real_name: "Asha Rao",
        id_type: "idCard",
        id_number: "ABCD1234",
        id_number_img: upload.url,
        id_number_img_two: upload.url,
      });
    });
  });
});

describe("photos the provider refuses", () => {
  const { provider, session } = useScriptedProvider();

  async function submit(language: string) {
    const lng = (await localeCookie.serialize(language)).split(";")[0];
    const body = idCardForm();
    const headers = { Origin: ORIGIN, "Sec-Fetch-Site": "same-origin", Cookie: `${session.cookie}; ${lng}` };
    return settle(() =>
      realNameAction({
        request: new Request(`${ORIGIN}/settings/real-name`, { method: "POST", headers, body }),
        params: {},
        context: {},
      }),
    );
  }

  it.each([
    ["en", "The image has too many pixels (at most 25 megapixels; GIF at most 2)"],
    ["de", "Das Bild hat zu viele Pixel (höchstens 25 Megapixel, GIF höchstens 2)"],
  ])("a photo with too many pixels is refused on its field with the pixel limit (%s)", async (language, message) => {
    provider.reply("/stock/success/upload", ({ body }) =>
      String(body).includes('filename="front.jpg"')
        ? {
            json: no("image_too_large_pixels", {
              field: "file",
              message: "image too large: at most 25 megapixels (GIF: 2)",
            }),
          }
        : {
            json: ok({
              id: "5d6b0c2e-0000-4000-8000-000000000001",
              url: "/api/stock/success/upload/5d6b0c2e-0000-4000-8000-000000000001",
            }),
          },
    );
    const response = await submit(language);
    expect(response.status).toBe(400);
    expect(((await response.json()) as ReplyJson).result.error).toEqual({ front: [message] });
  });
});
