/**
 * The post draft kept on this device (issue 21), per account: `{ accountId, title, html }` under
 * one key, read back only for that account, so another person's draft never opens here. It is
 * not on the logout whitelist: signing out lets it go with the rest of the account's data.
 */
import * as t from 'io-ts';
import type { posts } from '../../domain/index.js';
import { readStored, type LocalStore } from '../platform/storage';

export const POST_DRAFT_KEY = 'post_draft';

const StoredDraft = t.type({ accountId: t.string, title: t.string, html: t.string });

export const readPostDraft = (storage: LocalStore, accountId: string): posts.PostDraft | null => {
  const stored = readStored(storage, POST_DRAFT_KEY, StoredDraft);
  if (stored === null || stored.accountId !== accountId) return null;
  return stored.title === '' && stored.html === '' ? null : { title: stored.title, html: stored.html };
};

export const writePostDraft = (storage: LocalStore, accountId: string, draft: posts.PostDraft): void =>
  storage.set(POST_DRAFT_KEY, JSON.stringify({ accountId, ...draft }));

export const clearPostDraft = (storage: LocalStore): void => storage.remove(POST_DRAFT_KEY);
