// One autocannon measurement as every bench script takes it (bench/run.mjs, bench/ab.mjs).
import autocannon from "autocannon";

import { cpuMs } from "./servers.mjs";

/**
 * What a browser sends on a page load besides its cookies: the root loader does a page load's own work (the fired
 * price alert notice, decision 0451) only for such a request (app/root.server.ts, `isDocumentRequest`), so a page
 * hammered without them costs less than a customer's page load.
 */
export const PAGE_LOAD_HEADERS = {
  accept: "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8",
  "sec-fetch-dest": "document",
  "sec-fetch-mode": "navigate",
};

/**
 * autocannon against one URL for warmSeconds + seconds; the figures count only the requests sent after the
 * warm-up, on the same connections. Two things happen in the first seconds of a run on a busy server that are not
 * its steady state: V8 compiles the route's code, and the 50 new connections' first requests queue behind the
 * established ones (on the app, seconds of latency for some of them; docs/performance.md). A browser keeps its
 * connection open, so the measured window starts once every connection is in. `pageLoad`: a document, requested as
 * a browser's page load (PAGE_LOAD_HEADERS); a poll or data request without.
 */
export async function measure(
  url,
  {
    cookie = "",
    seconds = 5,
    warmSeconds = 3,
    connections = 50,
    encoding = "gzip, deflate, br",
    pid,
    pageLoad = false,
  } = {},
) {
  const latencies = [];
  let non2xx = 0;
  let completed = 0;
  const instance = autocannon({
    url,
    connections,
    duration: warmSeconds + seconds,
    headers: { ...(pageLoad ? PAGE_LOAD_HEADERS : {}), ...(cookie ? { cookie } : {}), "accept-encoding": encoding },
  });
  const from = performance.now() + warmSeconds * 1000;
  const until = from + seconds * 1000;
  // With the server's pid: its CPU time over the window (every thread: compression and GC run beside the main
  // one), per answer completed in it (bench/ab.mjs).
  const cpu = {};
  const timers = pid
    ? [
        setTimeout(() => (cpu.from = cpuMs(pid)), warmSeconds * 1000),
        setTimeout(() => (cpu.until = cpuMs(pid)), (warmSeconds + seconds) * 1000),
      ]
    : [];
  instance.on("response", (_client, status, _bytes, ms) => {
    const now = performance.now();
    if (now >= from && now <= until) completed++;
    if (now - ms < from || now > until) return;
    latencies.push(ms);
    if (status < 200 || status > 299) non2xx++;
  });
  const result = await instance;
  timers.forEach(clearTimeout);
  // autocannon can end a moment before the window's last timer fires: the run is over, so its CPU time is now.
  if (pid && cpu.from != null && cpu.until == null) cpu.until = cpuMs(pid);
  latencies.sort((a, b) => a - b);
  const at = (q) =>
    latencies.length ? Math.round(latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))]) : NaN;
  return {
    // Throughput: answers completed inside the window; latencies: requests sent inside it.
    rps: Math.round(completed / seconds),
    p50Ms: at(0.5),
    p99Ms: at(0.99),
    maxMs: at(1),
    cpuMsPerRequest: cpu.from != null && cpu.until != null && completed ? (cpu.until - cpu.from) / completed : null,
    requests: latencies.length,
    non2xx,
    errors: result.errors + result.timeouts,
  };
}
