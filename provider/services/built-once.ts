/**
 * `create` made memoised on its deps object: the provider's Services object builds each service bundle once, and the
 * customer routes and the operator routes share it.
 */
export function builtOnce<D extends object, T>(create: (deps: D) => T): (deps: D) => T {
  const built = new WeakMap<D, T>();
  return (deps) => {
    let value = built.get(deps);
    if (!value) built.set(deps, (value = create(deps)));
    return value;
  };
}
