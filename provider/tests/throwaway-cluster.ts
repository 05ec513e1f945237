import { execFile, execFileSync } from "node:child_process";
import { accessSync, chmodSync, chownSync, constants, existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";

import { freePort } from "./spawned-server";

/*
 * A PostgreSQL server of the test's own, on its own port and socket folder, that the test may stop and start again
 * (provider/tests/database-faults.test.ts). Never the machine's shared server: other tests and people use it.
 * The binaries are Debian's (/usr/lib/postgresql/<version>/bin, newest first) or initdb/pg_ctl on the PATH. initdb
 * refuses to run as root, so as root they run as the postgres user (runuser), as CI does; otherwise as this user.
 */

const run = promisify(execFile);

/** The folder holding initdb and pg_ctl, or why this machine cannot run a server of the test's own. */
export function postgresBinaries(): { bin: string } | { missing: string } {
  const usable = (dir: string) => ["initdb", "pg_ctl"].every((name) => isExecutable(path.join(dir, name)));
  const debian = "/usr/lib/postgresql";
  const versions = existsSync(debian)
    ? readdirSync(debian)
        .filter((version) => usable(path.join(debian, version, "bin")))
        .sort((a, b) => Number(b) - Number(a))
    : [];
  const bin = versions[0]
    ? path.join(debian, versions[0], "bin")
    : (process.env.PATH ?? "").split(path.delimiter).find((dir) => dir && usable(dir));
  if (!bin)
    return { missing: "no PostgreSQL server binaries (initdb, pg_ctl) in /usr/lib/postgresql/*/bin or on PATH" };
  if (process.getuid?.() === 0 && !postgresUser()) {
    return { missing: "running as root and there is no postgres user to run initdb as" };
  }
  return { bin };
}

function isExecutable(file: string): boolean {
  try {
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

function postgresUser(): { uid: number; gid: number } | undefined {
  try {
    const id = (flag: string) => Number(execFileSync("id", [flag, "postgres"], { encoding: "utf8" }).trim());
    return { uid: id("-u"), gid: id("-g") };
  } catch {
    return undefined;
  }
}

export interface ThrowawayCluster {
  /** postgres://postgres@127.0.0.1:<port>/postgres */
  url: string;
  /** `pg_ctl stop -m fast`: every connection is ended, new ones are refused. */
  stop(): Promise<void>;
  /** `pg_ctl start`; resolves once the server accepts connections. */
  start(): Promise<void>;
  /** Stops it (immediate) and deletes its folder. */
  remove(): Promise<void>;
}

export async function createThrowawayCluster(bin: string): Promise<ThrowawayCluster> {
  const dir = mkdtempSync(path.join(tmpdir(), "trade-pg-"));
  const data = path.join(dir, "data");
  const owner = process.getuid?.() === 0 ? postgresUser() : undefined;
  if (owner) chownSync(dir, owner.uid, owner.gid);
  chmodSync(dir, 0o700);
  const port = await freePort();
  const pg = (tool: string, ...args: string[]) => {
    const command = [path.join(bin, tool), ...args];
    return owner ? run("runuser", ["-u", "postgres", "--", ...command]) : run(command[0]!, command.slice(1));
  };
  const settings = [
    `-p ${port}`,
    `-k ${dir}`,
    "-c listen_addresses=127.0.0.1",
    // A test database: nothing here needs to survive a crash of the machine.
    "-c fsync=off",
    "-c full_page_writes=off",
    "-c synchronous_commit=off",
    "-c shared_buffers=16MB",
  ].join(" ");
  const cluster: ThrowawayCluster = {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    async start() {
      await pg("pg_ctl", "-D", data, "-l", path.join(dir, "server.log"), "-o", settings, "-w", "-t", "60", "start");
    },
    async stop() {
      await pg("pg_ctl", "-D", data, "-m", "fast", "-w", "-t", "60", "stop");
    },
    async remove() {
      if (existsSync(path.join(data, "postmaster.pid"))) {
        await pg("pg_ctl", "-D", data, "-m", "immediate", "-w", "stop").catch(() => {});
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
  try {
    await pg("initdb", "-D", data, "-U", "postgres", "--auth=trust", "--no-sync", "--encoding=UTF8", "--locale=C");
    await cluster.start();
  } catch (error) {
    await cluster.remove();
    throw error;
  }
  return cluster;
}
