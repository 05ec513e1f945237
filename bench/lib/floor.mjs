// The framework's floor for a page (issue 10: "SSR near the framework's floor"): the bare Remix route
// (bench/bare/app/routes/_index.tsx) rendering a document shaped like the page's (as many elements, as many bytes
// of inline CSS and of hydration data), with none of the app's work: no provider, session, compression or
// headers. `npm run bench` measures it beside each page: the "floor" column is its req/s as a share of the plain
// ten-row route, "of floor" the page's req/s as a share of it. A shape is an approximation: the app's elements
// carry more attributes than the bare table's cells, so the floor is, if anything, a little high.
import { documentShape } from "./pages.mjs";

/** A row of the bare table is five elements: a <tr> and four <td>. */
const ROW_ELEMENTS = 5;

async function bareShape(base, query) {
  const res = await fetch(`${base}/?${query}`);
  if (!res.ok) throw new Error(`bare /?${query} answered ${res.status}`);
  return documentShape(await res.text());
}

/**
 * The bare route's address for a document shaped like `shape` (a page's, from `weigh`), and the shape it renders.
 * Rows make up the elements beyond the bare document's own, `style` the inline CSS, `data` the hydration data.
 */
export async function shapedBare(base, shape) {
  const empty = await bareShape(base, "rows=0");
  const rows = Math.max(0, Math.round((shape.elements - empty.elements) / ROW_ELEMENTS));
  const style = shape.styleBytes;
  // The rows' own data and the two extra keys are part of the script already; the strings fill the rest.
  const withoutData = await bareShape(base, `rows=${rows}&style=${style}&data=1`);
  const data = Math.max(1, shape.scriptBytes - withoutData.scriptBytes);
  const query = `rows=${rows}&style=${style}&data=${data}`;
  return { url: `${base}/?${query}`, query, shape: await bareShape(base, query) };
}
