import net from "node:net";

import { sql } from "kysely";

import { createTestProvider, type TestProvider } from "../testing";

/*
 * A test provider (the in-process one of provider/tests/helpers.ts, made by createTestProvider) whose database can be
 * frozen and thawed (the health checks, decision 0187).
 * - PostgreSQL (DATABASE_URL): the provider reaches the server through a TCP proxy in this process; freezing stops
 *   forwarding in both directions (a network partition, a server stuck without answering), thawing sends on what
 *   was held back.
 * - PGlite: its one connection is held by an open transaction that waits (on PGlite a long transaction blocks every
 *   other query); thawing ends it. (A `pg_sleep` would not do: PGlite runs in this thread, so it would stop the
 *   event loop, timers included, which is not what a frozen database does to the provider.)
 */

export interface FrozenDatabaseProvider {
  provider: TestProvider;
  freeze(): void;
  thaw(): Promise<void>;
  close(): Promise<void>;
}

export async function createFrozenDatabaseProvider(): Promise<FrozenDatabaseProvider> {
  const databaseUrl = process.env.DATABASE_URL;
  if (!databaseUrl) {
    const provider = await createTestProvider();
    let release: (() => void) | undefined;
    let holding: Promise<unknown> | undefined;
    return {
      provider,
      freeze() {
        const released = new Promise<void>((resolve) => (release = resolve));
        holding = provider.db.transaction().execute(async (trx) => {
          await sql`select 1`.execute(trx);
          await released;
        });
      },
      async thaw() {
        release?.();
        await holding;
      },
      async close() {
        release?.();
        await holding;
        await provider.close();
      },
    };
  }

  const target = new URL(databaseUrl);
  const proxy = pausableProxy(target.hostname, Number(target.port || 5432));
  const port = await proxy.listen();
  const proxied = new URL(databaseUrl);
  proxied.hostname = "127.0.0.1";
  proxied.port = String(port);
  // createTestProvider reads DATABASE_URL when it is called: only this provider goes through the proxy.
  process.env.DATABASE_URL = proxied.href;
  let provider: TestProvider;
  try {
    provider = await createTestProvider();
  } finally {
    process.env.DATABASE_URL = databaseUrl;
  }
  return {
    provider,
    freeze: () => proxy.pause(),
    thaw: async () => proxy.resume(),
    async close() {
      proxy.resume();
      await provider.close();
      await proxy.close();
    },
  };
}

/** A TCP proxy to host:port whose forwarding can be paused (bytes are held, not dropped) and resumed. */
function pausableProxy(host: string, port: number) {
  let paused = false;
  const held: (() => void)[] = [];
  const sockets = new Set<net.Socket>();

  const forward = (from: net.Socket, to: net.Socket) => {
    from.on("data", (chunk) => {
      if (paused) held.push(() => to.write(chunk));
      else to.write(chunk);
    });
    from.on("end", () => (paused ? held.push(() => to.end()) : to.end()));
    from.on("error", () => to.destroy());
    from.on("close", () => sockets.delete(from));
  };

  const server = net.createServer((client) => {
    const upstream = net.connect(port, host);
    sockets.add(client).add(upstream);
    forward(client, upstream);
    forward(upstream, client);
  });

  return {
    listen: () =>
      new Promise<number>((resolve) =>
        server.listen(0, "127.0.0.1", () => resolve((server.address() as net.AddressInfo).port)),
      ),
    pause() {
      paused = true;
    },
    resume() {
      paused = false;
      for (const send of held.splice(0)) send();
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
