/**
 * The sensitive-word check before publishing (spec §5): the texts go per field (the category is
 * the field name) with the scene; a sensitive word blocks the action with an error naming the
 * offending fields' labels and the 'ContainsSensitiveWords' message; a failed check blocks it
 * too (its own error goes through the error map). Allowed, the carried action is dispatched.
 */
import * as E from 'fp-ts/Either';
import { filter, map, mergeMap, of } from 'rxjs';
import { moderation, notices } from '../../domain/index.js';
import { SENSITIVE_CHECK_PATH } from '../contract/platform';
import { reportApiFailure } from '../notices/commands';
import type { Action, AppEpic } from '../epics/types';
import { checkBeforePublish } from './commands';

export const checkBeforePublishEpic: AppEpic = (action$, _state$, { platform, ids }) =>
  action$.pipe(
    filter(checkBeforePublish.match),
    mergeMap(({ payload }) => {
      const request = moderation.buildSensitiveCheckRequest(payload.fields, payload.scene);
      if (!moderation.needsSensitiveCheck(request)) return of<Action>(payload.then);
      const labels = Object.fromEntries(payload.fields.map((f) => [f.field, f.label]));
      return platform.api.sensitiveCheck({ items: request.items, ss: request.scene }).pipe(
        map((r): Action => {
          const result: moderation.SensitiveCheckResult = E.isLeft(r)
            ? { kind: 'failed' }
            : {
                kind: 'checked',
                hasSensitiveWord: r.right.has_sensitive_word,
                sensitiveCategories: r.right.sensitive_categories,
              };
          const decision = moderation.decidePublish(result, labels, payload.separator);
          if (decision.allowed) return payload.then;
          if (decision.reason === 'sensitiveWords')
            return notices.noticeRaised({
              id: ids(),
              level: 'error',
              messageKey: decision.messageKey,
              values: { fields: decision.fields },
              fallback: null,
              durationMs: notices.TOAST_DURATION_MS,
            });
          // Only a failed call is a failed check.
          return reportApiFailure({
            failure: E.isLeft(r)
              ? r.left
              : { kind: 'network', path: SENSITIVE_CHECK_PATH, message: 'check failed' },
          });
        }),
      );
    }),
  );

export const moderationEpics: readonly AppEpic[] = [checkBeforePublishEpic];
