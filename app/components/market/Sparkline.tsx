import type { Direction } from "~/i18n/format";

/**
 * The provider's `linePath`/`areaPath` (a 0..300 × 0..100 box) drawn as a small inline SVG. No chart library:
 * the shapes come ready-made from the provider, so this costs a few hundred bytes.
 */
export function Sparkline({
  linePath,
  areaPath,
  direction,
  label,
}: {
  linePath: string;
  areaPath?: string;
  direction: Direction;
  /** Accessible name, e.g. "Today's price line for NIFTY 50". */
  label: string;
}) {
  return (
    <svg
      className={`mk-spark mk-${direction}`}
      viewBox="0 0 300 100"
      preserveAspectRatio="none"
      role="img"
      aria-label={label}
      focusable="false"
    >
      {areaPath ? <path className="mk-spark-area" d={areaPath} /> : null}
      <path className="mk-spark-line" d={linePath} vectorEffect="non-scaling-stroke" />
    </svg>
  );
}
