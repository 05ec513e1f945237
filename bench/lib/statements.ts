import pg from "pg";

/**
 * Counts the SQL statements node-postgres sends from now on (PostgreSQL only: PGlite sends none through it).
 * `count` is the number so far, `reset()` starts again at 0, `stop()` puts node-postgres back as it was.
 */
export function countStatements() {
  const counter = { count: 0, reset: () => (counter.count = 0), stop: () => (pg.Client.prototype.query = query) };
  const query = pg.Client.prototype.query;
  pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
    counter.count++;
    return (query as (...a: unknown[]) => unknown).apply(this, args);
  } as typeof query;
  return counter;
}
