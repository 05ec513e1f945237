import { json, type LoaderFunctionArgs } from "@remix-run/node";

import { getSignedIn } from "~/session.server";
import { resolveSupportTarget } from "~/utils/support.server";

/**
 * JSON for the header's support button (JS enhancement): `{ url, external }` so an absolute URL can open
 * in a new tab. 401 for a visitor (the button then falls back to /support, which sends them to log in).
 */
export async function loader({ request }: LoaderFunctionArgs) {
  if (!(await getSignedIn(request))) return json({ url: null, external: false }, { status: 401 });
  const target = await resolveSupportTarget(request);
  return json(target ?? { url: null, external: false }, {
    status: target ? 200 : 404,
    headers: { "Cache-Control": "private, no-store" },
  });
}
