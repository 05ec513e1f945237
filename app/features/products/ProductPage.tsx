import { Link } from "@remix-run/react";
import type { ReactNode } from "react";

/** A product screen's page: its heading (focusable, for a client-side navigation) and the link that goes with it. */
export function ProductPage({
  heading,
  link,
  children,
}: {
  heading: string;
  link: { href: string; label: string };
  children: ReactNode;
}) {
  return (
    <div className="pr-page">
      <h1 tabIndex={-1}>{heading}</h1>
      <p>
        <Link to={link.href}>{link.label}</Link>
      </p>
      {children}
    </div>
  );
}
