/** Tests of app/routes/settings_.devices.tsx (one test file per route: docs/ARCHITECTURE.md#tests). */
import { afterEach, describe, expect, it, vi } from "vitest";

vi.mock("@remix-run/react", async () => (await import("~/testing/markup")).remixStandIns);

import { action as loginAction } from "~/routes/login";
import { renderScreen } from "~/testing/markup";
import {
  cookieHeaderFrom,
  formRequest,
  getRequest,
  load,
  post,
  routeArgs,
  settle,
  useRouteFixture,
} from "~/testing/route-harness";

import DevicesPage, { action, loader } from "./settings_.devices";
import enCommon from "../../locales/en/common.json";
import enSecurity from "../../locales/en/security.json";

const CHROME_ANDROID =
  "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36";
const FIREFOX_WINDOWS = "Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0";

type Devices = {
  devices: {
    id: number;
    current: boolean;
    browser: string;
    os: string;
    kind: string;
    network: string | null;
    localNetwork: boolean;
  }[];
};

describe("devices", () => {
  const { provider, customer, toast } = useRouteFixture();
  afterEach(() => {
    vi.useRealTimers();
  });

  /** Signs the customer in from a browser (its user agent and address): that session's cookie. */
  async function signInFrom(phone: string, userAgent: string, address: string) {
    const request = formRequest(
      "/login",
      { phone, password: "secret1" },
      { headers: { "User-Agent": userAgent, "x-client-ip": address } },
    );
    const reply = await settle(() => loginAction(routeArgs(request)));
    expect(reply.status).toBe(302);
    return cookieHeaderFrom(reply);
  }

  it("lists the sessions with browser, system and network; ends another one, which is then signed out", async () => {
    const { phone } = await customer();
    const phoneCookie = await signInFrom(phone, CHROME_ANDROID, "203.0.113.7");
    const laptopCookie = await signInFrom(phone, FIREFOX_WINDOWS, "198.51.100.20");
    const { devices } = await load<Devices>(loader, "/settings/devices", laptopCookie);
    expect(devices[0]).toMatchObject({ current: true, browser: "Firefox 133", os: "Windows 10", kind: "desktop" });
    expect(devices[0].network).toBe("198.51.100.0/24");
    const phoneRow = devices.find((device) => device.browser === "Chrome 131")!;
    expect(phoneRow).toMatchObject({ current: false, os: "Android 14", kind: "mobile", network: "203.0.113.0/24" });

    const ended = await post(action, "/settings/devices", { intent: "end", id: String(phoneRow.id) }, laptopCookie);
    expect(ended.headers.get("Location")).toBe("/settings/devices");
    expect(await toast(ended)).toBe("That device is signed out");
    const gone = await settle(() => loader(routeArgs(getRequest("/settings/devices", phoneCookie))));
    expect(gone.headers.get("Location")).toBe("/login?redirectTo=%2Fsettings%2Fdevices");
    // The phone is told why on the sign-in screen (issue 38 item 16; docs/decisions/0338).
    expect(await toast(gone)).toBe(
      "You were signed out from another device or browser (on its Devices screen). Please log in again.",
    );
  });

  it("signs out everywhere else, and ending this device's own session signs out here", async () => {
    const { phone } = await customer();
    const phoneCookie = await signInFrom(phone, CHROME_ANDROID, "203.0.113.8");
    const here = await signInFrom(phone, FIREFOX_WINDOWS, "198.51.100.21");
    const others = await post(action, "/settings/devices", { intent: "end-others" }, here);
    expect(await toast(others)).toBe("2 other devices are signed out");
    // The phone's next request (a post) is told the same.
    const ended = await post(action, "/settings/devices", { intent: "end-others" }, phoneCookie);
    expect(ended.headers.get("Location")).toBe("/login?redirectTo=%2Fsettings%2Fdevices");
    expect(await toast(ended)).toBe(
      "You were signed out from another device or browser (on its Devices screen). Please log in again.",
    );
    const { devices } = await load<Devices>(loader, "/settings/devices", here);
    expect(devices.map((device) => device.current)).toEqual([true]);
    const self = await post(action, "/settings/devices", { intent: "end", id: String(devices[0].id) }, here);
    expect(self.headers.get("Location")).toBe("/login");
    expect(await toast(self)).toBe("This device is signed out");
  });

  it("tells two sessions of one browser apart by their sign-in time, and names a local network so (issue 38 item 16)", async () => {
    // A known time on both sides (the app's cookie lifetime and the provider's sessions): 10:42 in India.
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date("2026-12-02T05:12:00Z"));
    provider.clock.set(new Date("2026-12-02T05:12:00Z"));
    const { phone } = await customer();
    await signInFrom(phone, CHROME_ANDROID, "::1");
    provider.clock.advance(5 * 60_000);
    const here = await signInFrom(phone, CHROME_ANDROID, "10.20.30.40");
    const data = await load<Devices>(loader, "/settings/devices", here);
    expect(data.devices.slice(0, 2).map(({ network, localNetwork }) => ({ network, localNetwork }))).toEqual([
      { network: null, localNetwork: true },
      { network: null, localNetwork: true },
    ]);
    const html = renderScreen(DevicesPage, "/settings/devices", data, {
      resources: { common: enCommon, security: enSecurity },
    });
    const buttons = [...html.matchAll(/<button[^>]*aria-label="([^"]*)"/g)].map((match) => match[1]);
    expect(buttons.slice(0, 2)).toEqual([
      "Sign out this device (Chrome 131 on Android 14, signed in 2 Dec 2026, 10:47 am)",
      "Sign out Chrome 131 on Android 14, signed in 2 Dec 2026, 10:42 am",
    ]);
    expect(html).toContain("<dt>Network</dt><dd>Local network</dd>");
    expect(html).not.toContain("::/48");
  });

  it("answers a post no button of the screen makes with 400 and one message in the error summary (issue 38 item 18)", async () => {
    const { cookie } = await customer();
    const stranger = await customer();
    const strangersSession = (await load<Devices>(loader, "/settings/devices", stranger.cookie)).devices[0].id;
    const notUnderstood = {
      result: {
        status: "error",
        error: {
          "": ["That request was not understood, so no device was signed out. Please reload the page and try again."],
        },
      },
    };
    const tampered: Record<string, string>[] = [
      {},
      { intent: "nope" },
      { intent: "end" },
      { intent: "end", id: "abc" },
      { intent: "end", id: "-3" },
    ];
    for (const fields of tampered) {
      const refused = await post(action, "/settings/devices", fields, cookie);
      expect(refused.status, JSON.stringify(fields)).toBe(400);
      expect(await refused.json(), JSON.stringify(fields)).toEqual(notUnderstood);
    }
    // Another customer's session: not on this customer's list, and left alone.
    const foreign = await post(action, "/settings/devices", { intent: "end", id: String(strangersSession) }, cookie);
    expect(foreign.status).toBe(400);
    const gone = await foreign.json();
    expect(gone).toEqual({
      result: {
        status: "error",
        error: {
          "": [
            "That device is not on your list any more: it was signed out already, or it is not one of yours. The list below is up to date.",
          ],
        },
      },
    });
    expect((await load<Devices>(loader, "/settings/devices", stranger.cookie)).devices[0].id).toBe(strangersSession);

    // The screen shows it in its error summary, leading to the list.
    const data = await load<Devices>(loader, "/settings/devices", cookie);
    const html = renderScreen(DevicesPage, "/settings/devices", data, {
      resources: { common: enCommon, security: enSecurity },
      actionData: gone,
    });
    expect(html).toMatch(
      /<div class="error-summary" role="alert"[^>]*>.*<a href="#devices-list">That device is not on your list any more: it was signed out already, or it is not one of yours\. The list below is up to date\.<\/a>/,
    );
    expect(html).toContain('<ul id="devices-list"');
  });
});
