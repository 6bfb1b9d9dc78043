/**
 * Memoised selectors without a framework: a derived collection is computed again only when one
 * of its inputs changed (by reference, the way an event-sourced state changes), so a view that
 * selects it is not redrawn by unrelated events. Pure: the cache only saves work; the result is
 * the one the function gives for those inputs.
 */
export const memoizeLast = <A extends readonly unknown[], R>(fn: (...args: A) => R): ((...args: A) => R) => {
  let last: { readonly args: A; readonly result: R } | null = null;
  return (...args: A): R => {
    if (last !== null && last.args.length === args.length && last.args.every((a, i) => Object.is(a, args[i])))
      return last.result;
    const result = fn(...args);
    last = { args, result };
    return result;
  };
};
