import type { DB } from "../db/database";
import { pingDatabase } from "../db/repositories/health";

/*
 * GET /api/health (docs/decisions/0187-health-and-image-limits.md): healthy only while the database answers. A load
 * balancer takes an instance whose database is frozen (network partition, a lock held for minutes, PGlite's single
 * connection stuck behind a long transaction) out of rotation; before, /health and /v2/config (served from the
 * config cache) answered 200 without touching the database.
 */

/** How long `select 1` may take before the instance counts as unhealthy. */
export const HEALTH_DATABASE_TIMEOUT_MS = 2_000;

export function createHealthProbe(deps: {
  db: DB;
  now: () => Date;
  timeoutMs?: number;
  warn?: (message: string) => void;
}) {
  const timeoutMs = deps.timeoutMs ?? HEALTH_DATABASE_TIMEOUT_MS;
  const warn = deps.warn ?? ((message: string) => console.warn(message));
  /**
   * The probe under way: every health request waits for the same one, so a frozen database holds one connection
   * for the probes however often the balancer asks, not one per request.
   */
  let probe: Promise<boolean> | undefined;
  let lastHealthy = true;

  function runProbe(): Promise<boolean> {
    probe ??= pingDatabase(deps.db)
      .then(
        () => true,
        () => false,
      )
      .finally(() => {
        probe = undefined;
      });
    return probe;
  }

  /** True when the database answered `select 1` within the timeout. */
  async function databaseAnswers(): Promise<boolean> {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const deadline = new Promise<false>((resolve) => {
      timer = setTimeout(() => resolve(false), timeoutMs);
      timer.unref?.();
    });
    const healthy = await Promise.race([runProbe(), deadline]).finally(() => clearTimeout(timer));
    // One line when the answer changes, not one per balancer probe.
    if (healthy !== lastHealthy) {
      lastHealthy = healthy;
      warn(
        healthy
          ? "[provider] health: the database answers again"
          : `[provider] health: the database did not answer within ${timeoutMs} ms`,
      );
    }
    return healthy;
  }

  /** GET /health's answer: the time while the database answers, else undefined. */
  async function status(): Promise<{ status: "ok"; time: string } | undefined> {
    return (await databaseAnswers()) ? { status: "ok", time: deps.now().toISOString() } : undefined;
  }

  return { databaseAnswers, status };
}
export type HealthProbe = ReturnType<typeof createHealthProbe>;
