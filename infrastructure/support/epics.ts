/**
 * The Help page's call: a valid form is sent once (a second send while one runs is ignored), the
 * answer becomes support/sent or support/failed with the server's code, and a log event records it.
 */
import * as E from 'fp-ts/Either';
import { EMPTY, catchError, concat, exhaustMap, filter, map, of } from 'rxjs';
import { support } from '../../domain/index.js';
import type { Action, AppEpic } from '../epics/types';
import { logEvent } from '../telemetry/commands';
import { resetSupportForm, sendSupportMessage } from './commands';

export const sendSupportEpic: AppEpic = (action$, _state$, deps) =>
  action$.pipe(
    filter(sendSupportMessage.match),
    filter(({ payload }) => support.isSupportFormValid(payload)),
    exhaustMap(({ payload }) => {
      const api = deps.support?.api;
      if (api === undefined) return EMPTY;
      const requestId = deps.ids();
      const topic = payload.topic as support.SupportTopic;
      return concat(
        of<Action>(support.supportSending({ requestId })),
        api
          .submit({
            topic,
            email: payload.email.trim(),
            message: payload.message.trim(),
            ...(topic === 'appeal' ? { resource_id: (payload.resourceId ?? '').trim() } : {}),
          })
          .pipe(
            map((r): Action[] =>
              E.isRight(r)
                ? [
                    support.supportSent({ requestId, id: r.right.id }),
                    logEvent({
                      eventName: topic === 'appeal' ? 'resource_appeal' : 'support_message',
                      entityType: 1,
                      objId: topic === 'appeal' ? (payload.resourceId ?? r.right.id).trim() : r.right.id,
                      objType: 1,
                      frontOperation: 'submit',
                    }),
                  ]
                : [support.supportFailed({ requestId, code: r.left.kind === 'api' ? r.left.code : null })],
            ),
            exhaustMap((actions) => of(...actions)),
            catchError(() => of<Action>(support.supportFailed({ requestId, code: null }))),
          ),
      );
    }),
  );

export const resetSupportEpic: AppEpic = (action$) =>
  action$.pipe(
    filter(resetSupportForm.match),
    map(() => support.supportReset({})),
  );

export const supportEpics: readonly AppEpic[] = [sendSupportEpic, resetSupportEpic];
