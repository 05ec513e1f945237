/**
 * How screens use the on-device database (docs/product.md#on-the-device, docs/decisions/0255-on-device-database.md):
 * - `useSaveCopy`: after a screen painted fresh data, save it (the database module is imported then, never in the
 *   route's first JS);
 * - `serverOrDeviceCopy`: a screen's `clientLoader`: offline, or when the network drops the request, the saved
 *   copy is painted at once instead of an error page;
 * - `DeviceCopyNotice`: says the screen shows the saved copy and when it was saved; back online it is refreshed.
 * Without JavaScript none of this runs: nothing is saved, the server renders every page.
 */
import type { SerializeFrom } from "@remix-run/node";
import { useRevalidator, type ClientLoaderFunctionArgs } from "@remix-run/react";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";

import type { Locale, Namespace } from "~/i18n/config";
import { formatClockTime } from "~/i18n/format";
import { useFormat } from "~/i18n/format-context";
import { whenIdle } from "~/utils/idle";

import { sessionOnDevice } from "./session-on-device";
import type { SavedCopy, StoreName } from "./stocks-db";

type StocksDb = typeof import("./stocks-db");

const loadDb = (): Promise<StocksDb> => import("./stocks-db");

/** Loader data painted from the device carries when it was saved. */
export interface FromDevice {
  fromDevice?: { savedAt: number };
}

/**
 * Saves `value` under `key` once it is on screen, with the strings of the screen's `namespaces` (a later visit may
 * not have loaded them); a copy painted from the device (`skip`) is not saved again.
 */
export function useSaveCopy(
  store: StoreName,
  key: string,
  value: unknown,
  options: { namespaces: Namespace[]; skip?: boolean; owner?: string },
) {
  const { i18n } = useTranslation();
  const { skip = false, owner } = options;
  const namespaces = options.namespaces.join(",");
  useEffect(() => {
    if (skip || owner === "") return;
    const locale = i18n.language as Locale;
    const resources = Object.fromEntries(
      namespaces
        .split(",")
        .map((ns) => [ns, i18n.getResourceBundle(locale, ns) as Record<string, unknown> | undefined])
        .filter(([, bundle]) => bundle !== undefined),
    );
    // When the page is idle, not in the tasks right after hydration: the database module is loaded in one idle
    // period and the copy written in a later one (docs/decisions/0306-device-copy-saved-when-idle.md). A screen
    // left (or new data) before then cancels the save it no longer needs.
    let cancelled = false;
    let cancelIdle = whenIdle(() =>
      loadDb().then(
        (db) => {
          if (cancelled) return;
          cancelIdle = whenIdle(() => {
            // Private browsing or a full disk: nothing is saved, the screen is unaffected.
            db.saveCopy(store, key, value, { owner, strings: { locale, resources } }).catch(() => undefined);
          });
        },
        () => undefined,
      ),
    );
    return () => {
      cancelled = true;
      cancelIdle();
    };
  }, [store, key, value, skip, owner, namespaces, i18n]);
}

/**
 * A screen's `clientLoader`: the server's data, or when the device is offline (or the request never got an
 * answer) the copy `read` finds on the device, marked `fromDevice`. No copy: the server's failure stands.
 */
export async function serverOrDeviceCopy<T>(
  serverLoader: () => Promise<T>,
  read: (db: StocksDb) => Promise<(T & FromDevice) | undefined>,
): Promise<T & FromDevice> {
  const fromDevice = () => loadDb().then(read, () => undefined);
  if (navigator.onLine === false) {
    const copy = await fromDevice().catch(() => undefined);
    if (copy) return copy;
  }
  try {
    return (await serverLoader()) as T & FromDevice;
  } catch (error) {
    // A fetch the network lost is a TypeError; a redirect, 404 or 500 is the server's answer and stands.
    if (!(error instanceof TypeError)) throw error;
    const copy = await fromDevice().catch(() => undefined);
    if (!copy) throw error;
    return copy;
  }
}

/**
 * A screen's `clientLoader` (home, markets, news, chat): its server data, or its saved copy (`screenCopy`) made into
 * the screen's data by `fromCopy` (default: the copy is the data).
 */
export function deviceCopyClientLoader<Loader>(
  fromCopy: (copy: SavedCopy<never>, db: StocksDb) => Promise<SerializeFrom<Loader> | undefined> = async (copy) =>
    copy.value,
) {
  return ({ request, serverLoader }: ClientLoaderFunctionArgs) =>
    serverOrDeviceCopy<SerializeFrom<Loader>>(
      () => serverLoader<Loader>(),
      async (db) => {
        const copy = await db.readScreenCopy<never>(new URL(request.url), sessionOnDevice());
        const data = copy ? await fromCopy(copy, db) : undefined;
        return copy && data ? { ...data, fromDevice: { savedAt: copy.savedAt } } : undefined;
      },
    );
}

/** "Saved on this device at HH:MM" over a screen painted from its saved copy; back online the screen reloads its data. */
export function DeviceCopyNotice({ fromDevice }: FromDevice) {
  const { t } = useTranslation("device");
  const fmt = useFormat();
  const revalidator = useRevalidator();
  const savedAt = fromDevice?.savedAt;
  useEffect(() => {
    if (savedAt === undefined) return;
    const refresh = () => revalidator.revalidate();
    window.addEventListener("online", refresh);
    return () => window.removeEventListener("online", refresh);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the revalidator changes with its state
  }, [savedAt]);
  if (savedAt === undefined) return null;
  return (
    <p className="notice" role="status" data-device-copy="">
      {t("savedCopy", { time: formatClockTime(savedAt, fmt) })}
    </p>
  );
}
