/**
 * @deprecated Thin alias kept while the route tests move to `scriptedProvider()` (app/testing/provider-double.ts);
 * removed once nothing imports it. It records and answers through the same transport hook, no socket.
 */
import { ScriptedProvider } from "./provider-double";

export interface FakeReply {
  status: number;
  body: string;
  delayMs?: number;
}

export class FakeProvider {
  private readonly double = new ScriptedProvider();
  /** The old shape: path with /api and query, raw body. */
  get received(): { method: string; path: string; token?: string; body: string }[] {
    return this.double.calls.map((call) => {
      const search = new URLSearchParams(call.query).toString();
      return {
        method: call.method,
        path: `/api${call.path}${search ? `?${search}` : ""}`,
        token: call.token,
        body: call.body === undefined ? "" : typeof call.body === "string" ? call.body : JSON.stringify(call.body),
      };
    });
  }
  /** No socket any more: requests reach the double through the transport hook whatever PROVIDER_URL says. */
  url = "";

  async start(): Promise<this> {
    this.double.install();
    return this;
  }

  reply(path: string, status: number, body: unknown) {
    this.double.reply(path, typeof body === "string" ? { status, text: body } : { status, json: body });
  }

  reset() {
    this.double.reset();
  }

  async stop() {
    this.double.uninstall();
  }
}
