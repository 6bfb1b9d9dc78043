/**
 * Writing a post (issue 21): the draft read when the editor opens and kept on this device a
 * second after the last change (virtual time in tests); publishing runs the sensitive-word check
 * per field (title, body text) first, then `POST /api/v1/post/article/create`; the server
 * sanitises the HTML (spec §5). A created post lets its draft go.
 */
import * as E from 'fp-ts/Either';
import { PathReporter } from 'io-ts/PathReporter';
import { EMPTY, concat, debounceTime, exhaustMap, filter, from, map, mergeMap, of, tap } from 'rxjs';
import { moderation, posts, type RootState } from '../../domain/index.js';
import { POST_CREATE_PATH, PostCreateRequest } from '../contract/feed';
import type { Action, AppEpic } from '../epics/types';
import { reportApiFailure } from '../notices/commands';
import { checkBeforePublish } from '../moderation/commands';
import { defineCommand } from '../store/commands';
import { keepPostDraft, openPostEditor, publishPost } from './commands';
import { clearPostDraft, readPostDraft, writePostDraft } from './draftStore';

/** How long after the last change the draft is written. */
export const DRAFT_DEBOUNCE_MS = 1000;

/** The scene of the sensitive-word check of a post (spec §5). */
export const POST_SCENE = 'post_publish';

/** The create itself, carried by the check and dispatched once the texts pass. */
export const postChecked = defineCommand<{ readonly title: string; readonly html: string }>()(
  'posts/publishChecked',
);

const accountOf = (s: RootState): string | null =>
  s.session.status === 'signedIn' ? s.session.user.id : null;

export const openPostEditorEpic: AppEpic = (action$, state$, { platform }) =>
  action$.pipe(
    filter(openPostEditor.match),
    map((): Action => {
      const account = accountOf(state$.value);
      return posts.draftRead({ draft: account === null ? null : readPostDraft(platform.storage, account) });
    }),
  );

/** A change to a kept draft: the editor no longer says it is kept until it is written again. */
export const draftEditedEpic: AppEpic = (action$, state$) =>
  action$.pipe(
    filter(keepPostDraft.match),
    filter(() => {
      const draft = state$.value.posts.draft;
      return draft.status === 'read' && draft.saved;
    }),
    map((): Action => posts.draftEdited({})),
  );

export const keepPostDraftEpic: AppEpic = (action$, state$, { platform, scheduler }) =>
  action$.pipe(
    filter(keepPostDraft.match),
    debounceTime(DRAFT_DEBOUNCE_MS, scheduler),
    mergeMap(({ payload }) => {
      const account = accountOf(state$.value);
      // A post sent meanwhile is no longer a draft.
      if (account === null || state$.value.posts.submission.status !== 'idle') return EMPTY;
      writePostDraft(platform.storage, account, { title: payload.title, html: payload.html });
      return of<Action>(posts.draftSaved({}));
    }),
  );

export const publishPostEpic: AppEpic = (action$, state$) =>
  action$.pipe(
    filter(publishPost.match),
    mergeMap(({ payload }): Action[] => {
      if (state$.value.posts.submission.status === 'sending') return [];
      return [
        checkBeforePublish({
          subject: moderation.NEW_POST_SUBJECT,
          scene: POST_SCENE,
          fields: [
            { field: 'title', label: payload.title.label, text: payload.title.text },
            { field: 'content', label: payload.body.label, text: payload.body.text },
          ],
          separator: payload.separator,
          then: postChecked({ title: payload.title.text.trim(), html: payload.body.html }),
        }),
      ];
    }),
  );

export const createPostEpic: AppEpic = (action$, _state$, { details, platform }) =>
  action$.pipe(
    filter(postChecked.match),
    exhaustMap(({ payload }) => {
      const request = PostCreateRequest.decode({ title: payload.title, content: payload.html });
      if (E.isLeft(request))
        return from<Action[]>([
          posts.postRefused({ code: null }),
          reportApiFailure({
            failure: { kind: 'decode', path: POST_CREATE_PATH, errors: PathReporter.report(request) },
          }),
        ]);
      return concat(
        of<Action>(posts.postCreateStarted({})),
        details.api.createPost(request.right).pipe(
          tap((r) => {
            if (E.isRight(r)) clearPostDraft(platform.storage);
          }),
          mergeMap((r): Action[] =>
            E.isRight(r)
              ? [posts.postCreated({ id: r.right.id })]
              : [
                  posts.postRefused({ code: r.left.kind === 'api' ? r.left.code : null }),
                  reportApiFailure({ failure: r.left }),
                ],
          ),
        ),
      );
    }),
  );

export const postsEpics: readonly AppEpic[] = [
  openPostEditorEpic,
  draftEditedEpic,
  keepPostDraftEpic,
  publishPostEpic,
  createPostEpic,
];
