/**
 * The sensitive-word check before publishing (spec §5): the texts go per field (the category is
 * the field name) with the scene. Each step is a moderation event of the form's subject, so the
 * form shows it and stays open with its text: checking, then blocked (naming the offending
 * fields' labels), failed (the check call itself failed: nothing unchecked is published) or
 * passed, after which the carried action is dispatched.
 */
import * as E from 'fp-ts/Either';
import { catchError, concat, filter, from, map, mergeMap, of } from 'rxjs';
import { moderation } from '../../domain/index.js';
import type { Action, AppEpic } from '../epics/types';
import { checkBeforePublish, clearPublishCheck } from './commands';

export const checkBeforePublishEpic: AppEpic = (action$, _state$, { platform }) =>
  action$.pipe(
    filter(checkBeforePublish.match),
    mergeMap(({ payload }) => {
      const { subject } = payload;
      const started = of<Action>(moderation.checkStarted({ subject }));
      const request = moderation.buildSensitiveCheckRequest(payload.fields, payload.scene);
      if (!moderation.needsSensitiveCheck(request))
        return concat(started, from<Action[]>([moderation.checkPassed({ subject }), payload.then]));
      const labels = Object.fromEntries(payload.fields.map((f) => [f.field, f.label]));
      const outcome = platform.api.sensitiveCheck({ items: request.items, ss: request.scene }).pipe(
        mergeMap((r): Action[] => {
          const result: moderation.SensitiveCheckResult = E.isLeft(r)
            ? { kind: 'failed' }
            : {
                kind: 'checked',
                hasSensitiveWord: r.right.has_sensitive_word,
                sensitiveCategories: r.right.sensitive_categories,
              };
          const decision = moderation.decidePublish(result, labels, payload.separator);
          if (decision.allowed) return [moderation.checkPassed({ subject }), payload.then];
          if (decision.reason === 'sensitiveWords')
            return [
              moderation.publishBlocked({
                subject,
                categories: [...new Set(result.kind === 'checked' ? result.sensitiveCategories : [])],
                fields: decision.fields,
              }),
            ];
          return [moderation.checkFailed({ subject })];
        }),
        catchError(() => of<Action>(moderation.checkFailed({ subject }))),
      );
      return concat(started, outcome);
    }),
  );

export const clearPublishCheckEpic: AppEpic = (action$) =>
  action$.pipe(
    filter(clearPublishCheck.match),
    map(({ payload }): Action => moderation.checkCleared({ subject: payload.subject })),
  );

export const moderationEpics: readonly AppEpic[] = [checkBeforePublishEpic, clearPublishCheckEpic];
