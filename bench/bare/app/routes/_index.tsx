import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData, useSearchParams } from "@remix-run/react";

/**
 * Ten rows, as a price list would show them: the floor an SSR route with a loader can reach. `npm run bench`
 * measures the app's routes as a share of `/` exactly as it is.
 *
 * The same route can also render a document shaped like one of the app's pages (`npm run bench` does so for its
 * "floor" column, bench/lib/floor.mjs): `?rows=N` rows (five elements each), `&style=B` bytes of inline CSS in
 * a <style> element, `&data=B` bytes of extra loader data (strings, as a page's translations are), which Remix
 * writes into the document for hydration. Nothing else of the app: no compression, session, provider or
 * headers. Without parameters the document and its data are the ten rows only.
 *
 * `?tap=1` adds one link (a client navigation once hydrated): what `npm run bench:phone` taps to see the page
 * answer (bench/phone.mjs).
 */
const MAX_ROWS = 2000;

// A title (and the root's `lang`) as every page of the app has, so Lighthouse's accessibility score of the bare
// route is not lowered by a missing `<title>` (document-title): the comparison is of the framework's cost only.
export const meta: MetaFunction = () => [{ title: "Prices" }];
const MAX_BYTES = 256 * 1024;

function param(url: URL, name: string, fallback: number, max: number): number {
  const value = Number(url.searchParams.get(name) ?? fallback);
  return Number.isInteger(value) && value >= 0 ? Math.min(value, max) : fallback;
}

export async function loader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const rows = Array.from({ length: param(url, "rows", 10, MAX_ROWS) }, (_, i) => ({
    symbol: `SYM${i + 1}`,
    name: `Company ${i + 1}`,
    price: (100 + i * 7.25).toFixed(2),
    change: ((i % 3) - 1).toFixed(2),
  }));
  const styleBytes = param(url, "style", 0, MAX_BYTES);
  const dataBytes = param(url, "data", 0, MAX_BYTES);
  if (styleBytes === 0 && dataBytes === 0) return json({ rows });
  return json({ rows, styleBytes, strings: stringsOf(dataBytes) });
}

export default function Index() {
  const data = useLoaderData<typeof loader>();
  const styleBytes = "styleBytes" in data ? data.styleBytes : 0;
  const [params] = useSearchParams();
  return (
    <main>
      {params.has("tap") ? <Link to="/">Prices</Link> : null}
      {styleBytes > 0 ? <style dangerouslySetInnerHTML={{ __html: styleOf(styleBytes) }} /> : null}
      <h1>Prices</h1>
      <table>
        <thead>
          <tr>
            <th>Symbol</th>
            <th>Name</th>
            <th>Price</th>
            <th>Change</th>
          </tr>
        </thead>
        <tbody>
          {data.rows.map((row) => (
            <tr key={row.symbol}>
              <td>{row.symbol}</td>
              <td>{row.name}</td>
              <td>{row.price}</td>
              <td>{row.change}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </main>
  );
}

// Built once per size, as the app's inline CSS is a constant string per page (the loader's work is not the CSS).
const styles = new Map<number, string>();
function styleOf(bytes: number): string {
  let style = styles.get(bytes);
  if (style === undefined) {
    style = "";
    for (let i = 0; style.length < bytes; i++)
      style += `.c${i}{display:flex;margin:0 ${i % 9}px;color:#${((i * 7919) % 4096).toString(16).padStart(3, "0")}}`;
    styles.set(bytes, (style = style.slice(0, bytes)));
  }
  return style;
}

// Translation-like strings whose JSON is about `bytes` long, built per request as a loader's data is.
function stringsOf(bytes: number): Record<string, string> {
  const strings: Record<string, string> = {};
  for (let i = 0, size = 2; size < bytes; i++) {
    const key = `section${i % 7}.label${i}`;
    const value = `A translated label, number ${i}, of a screen`;
    strings[key] = value;
    size += key.length + value.length + 6;
  }
  return strings;
}
