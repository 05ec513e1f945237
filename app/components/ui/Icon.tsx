import type { ReactNode } from "react";

/**
 * A decorative 24×24 line icon drawn at `size` px: hidden from assistive technology and never focusable (its
 * button or link carries the name). One `path`, or the shapes as children.
 */
export function Icon({ size, path, children }: { size: number; path?: string; children?: ReactNode }) {
  return (
    <svg viewBox="0 0 24 24" width={size} height={size} aria-hidden="true" focusable="false">
      {path ? <path d={path} /> : null}
      {children}
    </svg>
  );
}
