// The benches' command line: `--name=value` gives a string, a bare `--name` gives true; anything else is refused.

/** `--name[=value]` arguments as an object (`process.argv.slice(2)` by default). */
export function benchArgs(argv = process.argv.slice(2)) {
  const args = {};
  for (const arg of argv) {
    const m = /^--([\w-]+)(?:=(.*))?$/.exec(arg);
    if (!m) throw new Error(`unknown argument ${arg}`);
    args[m[1]] = m[2] ?? true;
  }
  return args;
}
