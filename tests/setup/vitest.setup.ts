import { afterEach, beforeEach, vi } from "vitest";

// Embedded provider runs in memory for tests unless a suite sets DATABASE_URL.
process.env.DATA_DIR ??= "memory://";
process.env.SESSION_SECRET ??= "test-session-secret";
process.env.OPERATOR_KEY ??= "test-operator-key";
// The app reads its deployment once per process: INR unless a test file says otherwise (`<route>.mxn.test.ts` sets
// MXN in `vi.hoisted`, which runs after this file and before the file's imports; docs/ARCHITECTURE.md#tests).
process.env.DEPLOYMENT = "INR";

// console.error fails a test unless the test expects it (mock it with vi.spyOn first).
let errorSpy: ReturnType<typeof vi.spyOn> | undefined;
beforeEach(() => {
  errorSpy = vi.spyOn(console, "error").mockImplementation((...args: unknown[]) => {
    throw new Error(`console.error was called: ${args.map(String).join(" ")}`);
  });
});
afterEach(() => {
  errorSpy?.mockRestore();
});
