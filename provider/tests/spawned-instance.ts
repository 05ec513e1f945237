import { spawn, type ChildProcess } from "node:child_process";

import { root } from "./spawned-server";

/*
 * A provider instance in a process of its own (fixtures/instance.ts) on the PostgreSQL database at DATABASE_URL, schema
 * `schema`: for the tests of several instances on one database (instances.test.ts, order-race.test.ts).
 */

const OPERATOR_KEY = "test-operator-key";

export interface Instance {
  url: string;
  pid: number;
  child: ChildProcess;
  call(
    path: string,
    init?: { token?: string; body?: unknown; operator?: boolean },
  ): Promise<{ status: number; body: any }>;
}

/** Starts one; `prepared`: the schema is already migrated and seeded (by the first). `env` adds to its environment. */
export function startInstance(schema: string, prepared: boolean, env: Record<string, string> = {}): Promise<Instance> {
  const child = spawn(process.execPath, ["--import", "tsx", "provider/tests/fixtures/instance.ts"], {
    cwd: root,
    env: {
      ...process.env,
      INSTANCE_SCHEMA: schema,
      INSTANCE_PREPARED: prepared ? "1" : "0",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`instance did not start in 30 s:\n${output}`)), 30_000);
    child.stderr!.on("data", (chunk) => (output += chunk));
    child.stdout!.on("data", (chunk) => {
      output += chunk;
      const line = /^\{"port":(\d+)\}$/m.exec(output);
      if (!line) return;
      clearTimeout(timer);
      const url = `http://127.0.0.1:${line[1]}`;
      resolve({
        url,
        pid: child.pid!,
        child,
        async call(p, init = {}) {
          const headers: Record<string, string> = {};
          if (init.token) headers.token = init.token;
          if (init.operator) headers["x-operator-key"] = OPERATOR_KEY;
          if (init.body !== undefined) headers["content-type"] = "application/json";
          const res = await fetch(`${url}${p}`, {
            method: init.body === undefined ? "GET" : "POST",
            headers,
            body: init.body === undefined ? undefined : JSON.stringify(init.body),
          });
          return { status: res.status, body: await res.json() };
        },
      });
    });
    child.once("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`instance exited with ${code}:\n${output}`));
    });
  });
}

export function stopInstance(instance: Instance | undefined): Promise<void> {
  if (!instance || instance.child.exitCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    instance.child.once("exit", () => resolve());
    instance.child.kill("SIGTERM");
  });
}
