import type { ReactNode } from "react";

export interface Figure {
  label: string;
  value: ReactNode;
  /** Tabular digits that never wrap (amounts, quantities). */
  numeric?: boolean;
}

/** A product's or an order's figures as a description list, two columns on a phone; falsy entries are left out. */
export function Figures({ items }: { items: (Figure | null | false)[] }) {
  return (
    <dl className="pr-grid">
      {items
        .filter((item): item is Figure => Boolean(item))
        .map((item) => (
          <div key={item.label}>
            <dt>{item.label}</dt>
            <dd className={item.numeric ? "pr-num" : undefined}>{item.value}</dd>
          </div>
        ))}
    </dl>
  );
}
