/**
 * GET /resources/kyc-image/{id}: one of the signed-in customer's uploaded ID photos, fetched from the provider with
 * their token (its owner-only GET, docs/decisions/0071) and passed through, so the browser never learns the
 * provider's address. Anyone else's, unknown or malformed ids, and visitors: 404. Never cached beyond this browser.
 */
import type { LoaderFunctionArgs } from "@remix-run/node";

import { NO_STORE } from "~/http/no-store";
import { getUploadImage, type UploadImage } from "~/provider/wallet.server";
import { getRequestContext } from "~/utils/request.server";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const notFound = () =>
  new Response("Not found", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8", ...NO_STORE } });

export async function loader({ request, params }: LoaderFunctionArgs) {
  const id = params.id ?? "";
  if (!UUID.test(id)) return notFound();
  const context = await getRequestContext(request);
  if (!context.user) return notFound();
  let image: UploadImage | null;
  try {
    image = await getUploadImage(context.provider, id);
  } catch {
    return new Response("Unavailable", {
      status: 503,
      headers: { "Content-Type": "text/plain; charset=utf-8", ...NO_STORE },
    });
  }
  if (!image) return notFound();
  return new Response(image.bytes, {
    headers: {
      "Content-Type": image.type,
      "Cache-Control": "private, max-age=300",
      "X-Content-Type-Options": "nosniff",
      "Content-Disposition": "inline",
    },
  });
}
