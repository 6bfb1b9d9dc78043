/** The one memo tool (issue 26): `createSelector` over `memoizeLast`, as the views' selectors use it. */
import { describe, expect, it } from 'vitest';
import { createSelector } from '../../../domain/kernel/memo.js';

interface State {
  readonly list: readonly number[];
  readonly other: string;
}

describe('createSelector', () => {
  it('combines its inputs and gives the same object while they are unchanged', () => {
    let runs = 0;
    const selectDoubled = createSelector([(s: State) => s.list], (list) => {
      runs += 1;
      return list.map((x) => x * 2);
    });
    const list = [1, 2, 3];
    const first = selectDoubled({ list, other: 'a' });
    expect(first).toEqual([2, 4, 6]);
    expect(selectDoubled({ list, other: 'b' })).toBe(first);
    expect(runs).toBe(1);
    expect(selectDoubled({ list: [1], other: 'b' })).toEqual([2]);
    expect(runs).toBe(2);
  });

  it('passes the arguments after the state to the inputs that take them', () => {
    const selectPicked = createSelector(
      [(s: State) => s.list, (_s: State, index: number) => index],
      (list, index) => ({ value: list[index] ?? null }),
    );
    const state: State = { list: [5, 6], other: '' };
    const picked = selectPicked(state, 1);
    expect(picked).toEqual({ value: 6 });
    expect(selectPicked(state, 1)).toBe(picked);
    expect(selectPicked(state, 0)).toEqual({ value: 5 });
  });

  it('composes: a selector is an input of another', () => {
    const selectSum = createSelector([(s: State) => s.list], (list) => list.reduce((a, b) => a + b, 0));
    const selectLabel = createSelector([selectSum, (s: State) => s.other], (sum, other) => ({
      text: `${other}${sum}`,
    }));
    const state: State = { list: [1, 2], other: 'sum ' };
    expect(selectLabel(state)).toEqual({ text: 'sum 3' });
    expect(selectLabel({ ...state })).toBe(selectLabel(state));
  });
});
