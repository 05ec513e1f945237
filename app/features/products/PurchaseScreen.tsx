import { Link } from "@remix-run/react";
import type { ReactNode } from "react";

import { StepDialog } from "~/forms/StepDialog";
import { useHydrated } from "~/forms/useHydrated";

import { ProductPage } from "./ProductPage";

/**
 * The frame of a purchase screen (block trading and QIP, IPO, funds; docs/decisions/0135, 0138): the heading, the
 * link to its orders, the list, and the purchase's current step (quantity or review), which has its own URL: without
 * JS the step is the page (the list is left out), with JS a dialog over the list. `gone`: the URL named an item that
 * is not (or no longer) listed; it says so in a step of its own with the way back.
 */
export function PurchaseScreen({
  heading,
  orders,
  list,
  gone = null,
  step,
}: {
  heading: string;
  orders: { href: string; label: string };
  list: ReactNode;
  gone?: { title: string; message: string; href: string; backLabel: string } | null;
  /** The step the URL names, or null. */
  step: ReactNode;
}) {
  const hydrated = useHydrated();
  const inStep = Boolean(step) || Boolean(gone);
  return (
    <ProductPage heading={heading} link={orders}>
      {/* Without JS a step is the page; with JS it is a dialog over the list. */}
      {!inStep || hydrated ? list : null}
      {gone ? (
        <StepDialog title={gone.title} closeHref={gone.href} focusSafeChoice>
          <p>{gone.message}</p>
          <Link to={gone.href} className="button button--secondary" data-safe-choice="">
            {gone.backLabel}
          </Link>
        </StepDialog>
      ) : null}
      {step}
    </ProductPage>
  );
}
