/**
 * Epics whose code loads after the store has started (issue 22: the web client's first visit does
 * not carry them). They miss nothing: the actions dispatched before their code is there are kept
 * and handed to them first, in order, then the live ones; what they emit is dispatched as any
 * epic's. (The state they read is the store's when they run.)
 */
import { Observable, Subject, type Subscription } from 'rxjs';
import { combineGuarded } from './module';
import type { Action, AppEpic } from './types';

export const deferredEpics =
  (load: () => Promise<readonly AppEpic[]>): AppEpic =>
  (action$, state$, deps) =>
    new Observable<Action>((subscriber) => {
      const early: Action[] = [];
      let live: Subject<Action> | null = null;
      let inner: Subscription | null = null;
      let closed = false;
      const source = action$.subscribe((action) => {
        if (live === null) early.push(action);
        else live.next(action);
      });
      load().then(
        (epics) => {
          if (closed) return;
          const input = new Subject<Action>();
          inner = combineGuarded(epics)(input, state$, deps).subscribe(subscriber);
          // What the epics dispatch meanwhile joins the queue behind the early actions.
          for (let next = early.shift(); next !== undefined; next = early.shift()) input.next(next);
          live = input;
        },
        (err: unknown) => subscriber.error(err),
      );
      return () => {
        closed = true;
        source.unsubscribe();
        inner?.unsubscribe();
      };
    });
