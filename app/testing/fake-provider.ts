import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";

export interface FakeReply {
  status: number;
  body: string;
  delayMs?: number;
}

/** A scripted provider on a real socket (for PROVIDER_URL), recording every request it receives. */
export class FakeProvider {
  readonly received: { method: string; path: string; token?: string; body: string }[] = [];
  readonly replies = new Map<string, FakeReply>();
  private server: Server | undefined;
  url = "";

  async start(): Promise<this> {
    this.server = createServer((req, res) => {
      let body = "";
      req.on("data", (chunk) => (body += chunk));
      req.on("end", () => {
        const path = req.url ?? "";
        this.received.push({ method: req.method ?? "GET", path, token: req.headers.token as string | undefined, body });
        const reply = this.replies.get(path.split("?")[0]) ?? {
          status: 404,
          body: '{"msg":"no","data":{"code":"not_found"}}',
        };
        setTimeout(() => {
          res.writeHead(reply.status, { "Content-Type": "application/json" });
          res.end(reply.body);
        }, reply.delayMs ?? 0);
      });
    });
    await new Promise<void>((resolve) => this.server!.listen(0, "127.0.0.1", resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this;
  }

  reply(path: string, status: number, body: unknown) {
    this.replies.set(`/api${path}`, { status, body: typeof body === "string" ? body : JSON.stringify(body) });
  }

  reset() {
    this.received.length = 0;
    this.replies.clear();
  }

  async stop() {
    this.server?.closeAllConnections();
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }
}
