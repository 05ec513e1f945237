import fs from "node:fs";
import path from "node:path";

import type { PGlite } from "@electric-sql/pglite";
import { NodeFS } from "@electric-sql/pglite/nodefs";

/*
 * PGlite's database files owner-only (docs/decisions/0331-pglite-files-owner-only.md). PGlite runs PostgreSQL on
 * Emscripten's NODEFS, which makes every file with mode 0777 and then sets it to 0666 (no umask in between), and
 * folders 0777 less the umask: in a data directory others can enter (Docker's /data, a volume, 0755) any local user
 * could read and write the database. Here NODEFS keeps only the owner's bits of every mode it makes or sets, the
 * data directory itself is made owner-only, and files left readable by others by an earlier version are tightened
 * at start. The key files beside the database (operator.key, two-factor.key) are left as they are: they are made
 * owner-only, and a key others could read is refused at start by its own check (provider/operator-key.ts), to be
 * replaced rather than quietly kept.
 */

const GROUP_AND_OTHERS = 0o077;

interface EmscriptenNodeFs {
  node_ops: {
    mknod(parent: unknown, name: string, mode: number, dev: number): unknown;
    setattr(node: unknown, attr: { mode?: number }): void;
  };
  stream_ops: { setattr(stream: unknown, attr: { mode?: number }): void };
}

const ownerOnlyAttr = (attr: { mode?: number }) =>
  attr.mode === undefined ? attr : { ...attr, mode: attr.mode & ~GROUP_AND_OTHERS };

const masked = new WeakSet<object>();

/** NODEFS making and setting owner-only modes (the object is Emscripten's, one per PGlite module). */
function maskModes(nodefs: EmscriptenNodeFs): void {
  if (masked.has(nodefs)) return;
  masked.add(nodefs);
  const { mknod, setattr } = nodefs.node_ops;
  const streamSetattr = nodefs.stream_ops.setattr;
  nodefs.node_ops.mknod = (parent, name, mode, dev) => mknod(parent, name, mode & ~GROUP_AND_OTHERS, dev);
  nodefs.node_ops.setattr = (node, attr) => setattr(node, ownerOnlyAttr(attr));
  nodefs.stream_ops.setattr = (stream, attr) => streamSetattr(stream, ownerOnlyAttr(attr));
}

/** PGlite's Node filesystem (`new PGlite({ fs: new OwnerOnlyNodeFS(dir) })`) writing owner-only files and folders. */
export class OwnerOnlyNodeFS extends NodeFS {
  override async init(pg: PGlite, opts: Parameters<NodeFS["init"]>[1]) {
    const { emscriptenOpts } = await super.init(pg, opts);
    const preRun = [
      (mod: { NODEFS: unknown }) => maskModes(mod.NODEFS as EmscriptenNodeFs),
      ...(emscriptenOpts.preRun ?? []),
    ];
    return { emscriptenOpts: { ...emscriptenOpts, preRun } as typeof emscriptenOpts };
  }
}

/**
 * Makes `dir` and everything in it owner-only, except the key files at its top (`*.key`); returns how many entries
 * were changed. An entry this process may not change (another owner) is reported through `warn`, once.
 */
export function makeOwnerOnly(dir: string, warn: (message: string) => void = console.warn): number {
  let changed = 0;
  let refused: string | undefined;
  const tighten = (file: string, stat: fs.Stats) => {
    if ((stat.mode & GROUP_AND_OTHERS) === 0) return;
    try {
      fs.chmodSync(file, stat.mode & 0o7777 & ~GROUP_AND_OTHERS);
      changed++;
    } catch (error) {
      refused ??= `${file}: ${(error as NodeJS.ErrnoException).code ?? String(error)}`;
    }
  };
  tighten(dir, fs.statSync(dir));
  for (const entry of fs.readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (entry.isSymbolicLink() || (entry.parentPath === dir && entry.isFile() && entry.name.endsWith(".key"))) {
      continue;
    }
    const file = path.join(entry.parentPath, entry.name);
    const stat = fs.lstatSync(file, { throwIfNoEntry: false }); // gone since the listing: nothing to tighten
    if (stat) tighten(file, stat);
  }
  if (refused) warn(`[provider] DATA_DIR ${dir}: could not make every file owner-only (${refused})`);
  return changed;
}
