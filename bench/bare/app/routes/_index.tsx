import { json } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";

/** Ten rows, as a price list would show them: the floor an SSR route with a loader can reach. */
export async function loader() {
  const rows = Array.from({ length: 10 }, (_, i) => ({
    symbol: `SYM${i + 1}`,
    name: `Company ${i + 1}`,
    price: (100 + i * 7.25).toFixed(2),
    change: ((i % 3) - 1).toFixed(2),
  }));
  return json({ rows });
}

export default function Index() {
  const { rows } = useLoaderData<typeof loader>();
  return (
    <main>
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
          {rows.map((row) => (
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
