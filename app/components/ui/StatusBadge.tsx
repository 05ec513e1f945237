import { Icon } from "~/components/ui/Icon";
import type { TransferState } from "~/provider/wallet.server";

const ICONS: Record<TransferState, string> = {
  // A clock, a tick, a cross: the shape says it as well as the colour.
  pending: "M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18zm0 4v5l3 2",
  completed: "m5 12 4 4 10-10",
  failed: "m6 6 12 12M18 6 6 18",
};

/**
 * A recharge's or withdrawal's status (recharge 1/2/3, withdraw n/y/b; docs/product.md#recharge): an icon and its
 * word, so the state is read out and never told by colour alone. `label` is that word (`wallet:status.<state>`),
 * translated by the list or page that shows it: no translation hook per row (docs/decisions/0313).
 */
export function StatusBadge({ state, label }: { state: TransferState; label: string }) {
  return (
    <span className={`wl-status wl-status--${state}`}>
      <Icon size={18} path={ICONS[state]} />
      <span>{label}</span>
    </span>
  );
}
