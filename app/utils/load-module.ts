/**
 * A module the page loads by `import()` after it runs (docs/decisions/0285-page-js.md): when the network loses it
 * (offline, a flaky connection), it is tried again once the browser is back online instead of failing the page.
 * `use` runs with the module unless the returned cancel function was called first.
 */
export function loadModule<Module>(load: () => Promise<Module>, use: (module: Module) => void): () => void {
  let cancelled = false;
  const retry = () => attempt();
  function attempt() {
    load().then(
      (module) => {
        if (!cancelled) use(module);
      },
      () => {
        if (!cancelled) window.addEventListener("online", retry, { once: true });
      },
    );
  }
  attempt();
  return () => {
    cancelled = true;
    window.removeEventListener("online", retry);
  };
}
