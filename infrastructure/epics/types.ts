import type { Epic } from 'redux-observable';
import type { RootState } from '../../domain/index.js';
import type { Dependencies } from '../store/dependencies';

/** Everything that flows through the store: commands and (stamped or not yet stamped) events. */
export interface Action {
  readonly type: string;
  readonly payload?: unknown;
}

export type AppEpic = Epic<Action, Action, RootState, Dependencies>;
