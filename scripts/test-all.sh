#!/usr/bin/env bash
# Every test suite, in the order that fails fastest: types, unit + provider (embedded PGlite), provider
# against a real PostgreSQL with the production build beside it, then Playwright (JS on and off, axe) against that
# build. vitest's two projects (shared module cache / isolated) are in vitest.config.ts (docs/decisions/0320).
# Ends with one summary line: "total: N passed, N failed".
set -uo pipefail
cd "$(dirname "$0")/.."
mkdir -p .reports && rm -f .reports/*.json
status=0
started=$(date +%s)

step() { printf '\n=== %s (%ss)\n' "$1" "$(( $(date +%s) - started ))"; }

# Debian's Chromium headless shell for Playwright (no browser download works here; decision 0172).
if [ ! -x "${CHROME_PATH:-/usr/bin/chromium-headless-shell}" ]; then
  step "installing Debian chromium-headless-shell"
  (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium-headless-shell >/dev/null) || {
    echo "Could not install chromium-headless-shell (needs root and Debian's package repository)"; exit 1; }
fi

# Debian's fonts the statement PDFs embed (Chinese and Latin; the rupee sign): the PDF tests read them (decision 0510).
if [ ! -f /usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc ] || [ ! -f /usr/share/fonts/truetype/dejavu/DejaVuSans.ttf ]; then
  step "installing Debian fonts-noto-cjk and fonts-dejavu-core"
  (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq fonts-noto-cjk fonts-dejavu-core >/dev/null) || {
    echo "Could not install fonts-noto-cjk and fonts-dejavu-core (needs root and Debian's package repository)"; exit 1; }
fi

# Lint and typecheck side by side (each mostly one core), their output printed in order.
step "lint (Prettier, ESLint) and typecheck, side by side"
lint_log=$(mktemp) && tsc_log=$(mktemp)
npm run --silent lint >"$lint_log" 2>&1 & lint_pid=$!
npx tsc --noEmit >"$tsc_log" 2>&1 & tsc_pid=$!
wait $lint_pid || { status=1; echo "lint failed"; }
cat "$lint_log"
wait $tsc_pid || { status=1; echo "typecheck failed"; }
cat "$tsc_log"
rm -f "$lint_log" "$tsc_log"

step "vitest: app + provider on embedded PGlite"
npx vitest run --reporter=default --reporter=json --outputFile.json=.reports/vitest-pglite.json || status=1

# The provider suite again against the machine's PostgreSQL server.
PG_URL="${TEST_DATABASE_URL:-postgres://postgres@127.0.0.1:5432/test}"
pg_up() { node -e "const {Client}=require('pg');const c=new Client({connectionString:process.argv[1]});c.connect().then(()=>c.end()).then(()=>process.exit(0),()=>process.exit(1))" "$PG_URL"; }
if ! pg_up && command -v pg_ctlcluster >/dev/null; then
  pg_ctlcluster --skip-systemctl-redirect "$(ls /etc/postgresql | head -1)" main start >/dev/null 2>&1 || true
  sleep 2
fi
# The production build (one core, mostly) runs beside the PostgreSQL suite, which waits on the server; its output
# is printed after (docs/decisions/0320-vitest-shared-module-cache.md).
build_log=$(mktemp)
npm run build >"$build_log" 2>&1 & build_pid=$!
if pg_up; then
  step "vitest: provider on PostgreSQL ($PG_URL), the build beside it"
  DATABASE_URL="$PG_URL" npx vitest run provider --reporter=default --reporter=json --outputFile.json=.reports/vitest-postgres.json || status=1
else
  echo "PostgreSQL is not reachable at $PG_URL"
  if [ -n "${CI:-}" ]; then status=1; fi
fi

step "build"
wait $build_pid || { status=1; echo "build failed"; }
cat "$build_log"
rm -f "$build_log"

step "playwright (JS on and off, axe)"
CI="${CI:-1}" npx playwright test || status=1

step "summary"
node scripts/summarize-tests.mjs .reports/vitest-pglite.json .reports/vitest-postgres.json .reports/e2e.json || status=1
echo "took $(( $(date +%s) - started ))s"
exit $status
