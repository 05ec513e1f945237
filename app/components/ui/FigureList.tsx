import type { ReactNode } from "react";

import { formatDate, formatDateTime } from "~/i18n/format";
import { useFormat } from "~/i18n/format-context";

export interface WalletFigure {
  label: string;
  value: ReactNode;
  /** The value's class (e.g. the big total). */
  className?: string;
}

/** A wallet screen's figures as a description list (balances, a record, a transfer); falsy entries are left out. */
export function FigureList({ className, items }: { className: string; items: (WalletFigure | null | false)[] }) {
  return (
    <dl className={className}>
      {items
        .filter((item): item is WalletFigure => Boolean(item))
        .map((item) => (
          <div key={item.label}>
            <dt>{item.label}</dt>
            <dd className={item.className}>{item.value}</dd>
          </div>
        ))}
    </dl>
  );
}

/** A moment as the records show it: a `<time>` with the ISO value, its date (and time) in the deployment's zone. */
export function RecordTime({ value, dateOnly = false }: { value: string; dateOnly?: boolean }) {
  const fmt = useFormat();
  return <time dateTime={value}>{dateOnly ? formatDate(value, fmt) : formatDateTime(value, fmt)}</time>;
}
