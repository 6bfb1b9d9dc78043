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

type Selector = (...args: never[]) => unknown;
type ResultsOf<Inputs extends readonly Selector[]> = {
  readonly [K in keyof Inputs]: Inputs[K] extends (...args: never[]) => infer R ? R : never;
};
type ParamsOf<F> = F extends (...args: infer P) => unknown ? P : [];
type Blank<P extends readonly unknown[]> = { [K in keyof P]: unknown };
/** The parameters of the input that takes the most: the state, then what the selector is called with. */
type ArgsOf<
  Inputs extends readonly unknown[],
  Longest extends readonly unknown[] = [],
> = Inputs extends readonly [infer First, ...infer Rest]
  ? ArgsOf<
      Rest,
      Longest extends readonly [...Blank<ParamsOf<First>>, ...unknown[]] ? Longest : ParamsOf<First>
    >
  : Longest;

/**
 * A selector of input selectors and a combining function, in the shape of reselect's
 * `createSelector`, memoised by `memoizeLast`: the inputs run on every call, the combination
 * only when one of their results changed. The views' selectors use it, so the client has one
 * memo tool and the domain package needs no selector library.
 */
export const createSelector = <const Inputs extends readonly Selector[], R>(
  inputs: Inputs,
  combine: (...values: ResultsOf<Inputs>) => R,
): ((...args: ArgsOf<Inputs>) => R) => {
  const combined = memoizeLast(combine);
  return (...args) =>
    combined(...(inputs.map((input) => input(...(args as never[]))) as unknown as ResultsOf<Inputs>));
};
