/**
 * Issue 22 item 7 (decision 0187): a photo the provider refuses for its pixel count is told so on its field, in the
 * customer's language, with the real limit (not the 5 MB one). The scripted double answers as the reference provider does.
 */
import { expect, it, vi } from "vitest";

vi.hoisted(() => {
  process.env.VISIBLE_LOCALES = "en,zh,de,es";
});

import { localeCookie } from "~/i18n/i18next.server";
import { ORIGIN, settle, type ReplyJson } from "~/testing/http";
import { no, ok } from "~/testing/provider-double";
import { useScriptedProvider } from "~/testing/route-harness";

import { action as realNameAction } from "./settings_.real-name";

const { provider, session } = useScriptedProvider();

async function submit(language: string) {
  const lng = (await localeCookie.serialize(language)).split(";")[0];
  const image = new Blob([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], { type: "image/png" });
  const body = new FormData();
  body.append("real_name", "Asha Rao");
  body.append("id_type", "idCard");
  body.append("id_number", "ABCD1234");
  body.append("front", image, "front.png");
  body.append("back", image, "back.png");
  const headers = { Origin: ORIGIN, "Sec-Fetch-Site": "same-origin", Cookie: `${session.cookie}; ${lng}` };
  return settle(() => realNameAction({ request: new Request(`${ORIGIN}/settings/real-name`, { method: "POST", headers, body }), params: {}, context: {} }));
}

it.each([
  ["en", "The image has too many pixels (at most 25 megapixels; GIF at most 2)"],
  ["de", "Das Bild hat zu viele Pixel (höchstens 25 Megapixel, GIF höchstens 2)"],
])("a photo with too many pixels is refused on its field with the pixel limit (%s)", async (language, message) => {
  provider.reply("/stock/success/upload", ({ body }) =>
    String(body).includes('filename="front.jpg"')
      ? { json: no("image_too_large_pixels", { field: "file", message: "image too large: at most 25 megapixels (GIF: 2)" }) }
      : { json: ok({ id: "5d6b0c2e-0000-4000-8000-000000000001", url: "/api/stock/success/upload/5d6b0c2e-0000-4000-8000-000000000001" }) },
  );
  const response = await submit(language);
  expect(response.status).toBe(400);
  expect(((await response.json()) as ReplyJson).result.error).toEqual({ front: [message] });
});
