/** Collect folders: listed and created (a new folder may take the collect that asked for it). */
import * as E from 'fp-ts/Either';
import { concat, filter, map, mergeMap, of, switchMap } from 'rxjs';
import { people } from '../../domain/index.js';
import { reportApiFailure } from '../notices/commands';
import type { Action, AppEpic } from '../epics/types';
import { collectItem, createFolder, loadFolders } from './commands';
import { apiCodeOf } from '../http/client';
import { signedIn } from './shared';

export const loadFoldersEpic: AppEpic = (action$, state$, { social: deps }) =>
  action$.pipe(
    filter(loadFolders.match),
    filter(() => signedIn(state$.value)),
    switchMap(() =>
      concat(
        of<Action>(people.foldersRequested({})),
        deps.api.folderList({}).pipe(
          map((r): Action =>
            E.isRight(r)
              ? people.foldersLoaded({
                  folders: r.right.items.map((f) => ({
                    id: f.collection_id,
                    name: f.collection_name,
                    isDefault: f.is_default,
                    count: f.num_of_items,
                  })),
                })
              : people.foldersFailed({ code: apiCodeOf(r.left) }),
          ),
        ),
      ),
    ),
  );

export const createFolderEpic: AppEpic = (action$, state$, { social: deps }) =>
  action$.pipe(
    filter(createFolder.match),
    filter(() => signedIn(state$.value)),
    mergeMap(({ payload }) =>
      deps.api.folderCreate({ name: payload.name.trim() } as never).pipe(
        mergeMap((r): Action[] => {
          if (E.isLeft(r)) return [reportApiFailure({ failure: r.left })];
          const f = r.right;
          return [
            people.folderCreated({
              folder: {
                id: f.collection_id,
                name: f.collection_name,
                isDefault: f.is_default,
                count: f.num_of_items,
              },
            }),
            ...(payload.collect
              ? [
                  collectItem({
                    key: payload.collect.key,
                    cardType: payload.collect.cardType,
                    folder: { collection_id: f.collection_id, collection_name: f.collection_name },
                  }),
                ]
              : []),
          ];
        }),
      ),
    ),
  );
