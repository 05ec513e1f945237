/**
 * Issue 38 item 18: a data request (`?_data=<route id>`) that names no route of its address, or asks a route for a
 * method it has no loader or action for, is a 4xx with a translated message, not `{"message":"Unexpected Server
 * Error"}` (app/http/data-errors.server.ts, docs/decisions/0340). Over real HTTP: the production server around the
 * source routes.
 */
import { describe, expect, it, onTestFinished } from "vitest";

import { send, useAppServer } from "~/testing/app-server";

const server = useAppServer();

const answer = async (method: string, path: string, headers: Record<string, string> = {}) => {
  const response = await send(server, method, path, {
    headers: { "accept-language": "en", ...headers },
    ...(method === "POST"
      ? {
          body: "intent=x",
          headers: {
            "accept-language": "en",
            origin: server.origin,
            "content-type": "application/x-www-form-urlencoded",
            ...headers,
          },
        }
      : {}),
  });
  return { status: response.status, type: response.headers["content-type"], body: JSON.parse(response.body) };
};

describe("data requests Remix cannot route", () => {
  it.each([
    ["/settings/devices?_data=routes%2Fnope", "routes/nope"],
    ["/settings/two-factor?_data=routes%2Fnope", "routes/nope"],
    // A route that exists, but not at this address.
    ["/settings/devices?_data=routes%2Fsettings", "routes/settings"],
    ["/no-such-screen?_data=root", "root"],
  ])("GET %s is a 404 that names the data", async (path, id) => {
    expect(await answer("GET", path)).toEqual({
      status: 404,
      type: "application/json; charset=utf-8",
      body: { message: `This address has no data called “${id}”, so nothing was read or changed.` },
    });
  });

  it("a POST to a route with no action is a 405 that says so", async () => {
    expect(await answer("POST", "/markets?_data=routes%2Fmarkets")).toEqual({
      status: 405,
      type: "application/json; charset=utf-8",
      body: {
        message: "“routes/markets” does not answer a POST request at this address, so nothing was read or changed.",
      },
    });
  });

  it("in the customer's language", async () => {
    process.env.VISIBLE_LOCALES = "en,de";
    onTestFinished(() => {
      delete process.env.VISIBLE_LOCALES;
    });
    expect((await answer("GET", "/settings/devices?_data=routes%2Fnope", { "accept-language": "de" })).body).toEqual({
      message:
        "Unter dieser Adresse gibt es keine Daten namens „routes/nope“, daher wurde nichts gelesen oder geändert.",
    });
  });

  it("a loader's own answer passes untouched", async () => {
    const login = await answer("GET", "/login?_data=routes%2Flogin");
    expect(login.status).toBe(200);
    expect(login.body).toMatchObject({ redirectTo: "/" });
  });
});
