import * as E from 'fp-ts/Either';
import { EMPTY, filter, of, switchMap, takeUntil } from 'rxjs';
import { billing, session } from '../../domain/index.js';
import { refreshPayment } from './commands';
import { reportApiFailure } from '../notices/commands';
import { toPaymentInfo } from './mappers';
import type { AppEpic } from '../epics/types';

/**
 * Payment info refresh; a newer refresh supersedes one in flight. Guests have none, and a sign-out
 * cancels one in flight: its answer is the ended session's (issue 25: it came back after the
 * sign-out had cleared it).
 */
export const refreshPaymentEpic: AppEpic = (action$, state$, { api }) =>
  action$.pipe(
    filter(refreshPayment.match),
    switchMap(() =>
      state$.value.session.status === 'guest'
        ? EMPTY
        : api.paymentInfo().pipe(
            takeUntil(action$.pipe(filter(session.loggedOut.match))),
            switchMap((result) => {
              if (E.isLeft(result)) return of(reportApiFailure({ failure: result.left }));
              return of(
                result.right === null
                  ? billing.paymentInfoCleared({})
                  : billing.paymentInfoReceived({ info: toPaymentInfo(result.right) }),
              );
            }),
          ),
    ),
  );

export const billingEpics = [refreshPaymentEpic] as const;
