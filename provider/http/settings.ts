import { Hono } from "hono";
import { z } from "zod";

import { requireAuth } from "./auth";
import { ok, readBody, type Env, type Services } from "./context";
import type { RouteContract } from "./contract";
import { userId } from "./fields";
import {
  CUSTOMER_SETTING_NAMES,
  CUSTOMER_SETTINGS,
  type CustomerSetting,
  type CustomerSettingName,
} from "../services/customer-settings";

/*
 * The customer's own settings (docs/provider-api.md, "Customer settings"; docs/decisions/0500): one route per entry of
 * the registry in services/customer-settings.ts, `POST /api/stock/success/user/settings/<name>` `{ value }`, and its
 * OpenAPI operation made from the entry. Nothing here changes when a setting is added.
 */
const settingPath = (name: CustomerSettingName) => `/stock/success/user/settings/${name}`;

/** `{ value }`: the entry's value, or null or "" to remove it; the entry's examples in the description. */
function bodyOf(setting: CustomerSetting) {
  const saved = setting.examples.saved.map(([input, stored]) => `${JSON.stringify(input)} is stored as "${stored}"`);
  const refused = setting.examples.refused.map(([input, code]) => `${JSON.stringify(input)} is ${code}`);
  return z
    .object({ value: z.union([setting.value, z.null()]) })
    .describe(`null or "" removes it; ${[...saved, ...refused].join("; ")} (field \`value\`)`);
}

// Built once, not per request (building a zod schema costs more than running it).
const BODIES = new Map(CUSTOMER_SETTING_NAMES.map((name) => [name, bodyOf(CUSTOMER_SETTINGS[name])]));
const bodyFor = (name: CustomerSettingName) => BODIES.get(name)!;

export function settingsRoutes(s: Services) {
  const app = new Hono<Env>();
  const auth = requireAuth(s);
  for (const name of CUSTOMER_SETTING_NAMES) {
    const body = bodyFor(name);
    app.post(settingPath(name), auth, async (c) => {
      const { value } = await readBody(c, body);
      return ok(c, await s.customerSettings.save(userId(c), name, value));
    });
  }
  return app;
}

/** This module's routes and the schemas they read, for the OpenAPI document (http/openapi.ts). */
export const settingsContract: RouteContract[] = CUSTOMER_SETTING_NAMES.map((name) => ({
  method: "post",
  path: settingPath(name),
  summary: CUSTOMER_SETTINGS[name].summary,
  auth: "customer",
  section: "Customer settings",
  body: bodyFor(name),
}));
