// A slow network in front of one server, for bench/phone.mjs: a TCP proxy that, while `slow` is on, delivers each
// direction's bytes half a round trip late and at most `bytesPerSecond` (one round trip per request and its answer,
// as CDP's `Network.emulateNetworkConditions` adds). Unlike CDP's emulation it also slows the service worker's own
// fetches, which go to the same address (docs/decisions/0380-saved-copy-first-on-a-slow-network.md).
import net from "node:net";

/** `{ base, slow, close }`: the proxy's address (same host, its own port), the switch, and its stop. */
export async function startThrottleProxy({ target, latencyMs, bytesPerSecond }) {
  const { hostname, port } = new URL(target);
  const sockets = new Set();
  const state = { slow: false };

  /** Bytes read from `from` reach `to` in order; late and rationed while slow. */
  function pipeSlowly(from, to) {
    let linkFreeAt = 0;
    from.on("data", (chunk) => {
      const now = Date.now();
      const arrives = state.slow
        ? Math.max(now + latencyMs / 2, linkFreeAt) + (chunk.length / bytesPerSecond) * 1000
        : Math.max(now, linkFreeAt);
      linkFreeAt = arrives;
      if (arrives <= now) to.write(chunk);
      else setTimeout(() => to.writable && to.write(chunk), arrives - now);
    });
    from.on("end", () => setTimeout(() => to.end(), Math.max(0, linkFreeAt - Date.now())));
  }

  const server = net.createServer((client) => {
    const upstream = net.connect(Number(port), hostname);
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on("close", () => sockets.delete(socket));
      socket.on("error", () => {
        client.destroy();
        upstream.destroy();
      });
    }
    pipeSlowly(client, upstream);
    pipeSlowly(upstream, client);
  });
  await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    base: `http://127.0.0.1:${server.address().port}`,
    set slow(value) {
      state.slow = value;
    },
    close: () =>
      new Promise((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
