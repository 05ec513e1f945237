#!/usr/bin/env node
// `node server/index.mjs`: the app's server (server/serve.mjs), in one process, or with `WEB_CONCURRENCY` in a
// cluster of that many processes sharing the port, one per core (server/cluster.mjs,
// docs/decisions/0317-one-process-per-core.md).
import cluster from "node:cluster";

import { clusterSize, runPrimary } from "./cluster.mjs";

const size = cluster.isPrimary ? clusterSize(process.env) : 1;
if (size > 1) runPrimary(size);
else await import("./serve.mjs");
