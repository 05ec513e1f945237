/** /futures (auth): the futures list with search, a link to the matching positions and live prices (docs/product.md#lists). */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";

import { InstrumentList } from "~/features/trading/InstrumentList";
import { instrumentListLinks } from "~/features/trading/list-links";
import { loadInstrumentListScreen } from "~/features/trading/lists.server";
import { noStoreHeaders } from "~/http/no-store";
import type { PageHandle } from "~/utils/page";

export const handle: PageHandle = { i18n: ["trade:lists", "quotes"], titleKey: "trade:lists.futures.title" };
export const links = instrumentListLinks;
export const headers = noStoreHeaders;

export const loader = ({ request }: LoaderFunctionArgs) => loadInstrumentListScreen(request, "futures");

export default function FuturesPage() {
  return <InstrumentList data={useLoaderData<typeof loader>()} />;
}
