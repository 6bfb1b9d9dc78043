import { createSelector } from '../../../domain/kernel/memo.js';
import { posts, type RootState } from '../../../domain/index.js';
import { useAppSelector } from '../../../infrastructure/store/hooks';

const selectEditor = createSelector([(s: RootState) => s.posts], (p) => posts.selectPostEditor(p));

/** The writing session: the draft to open with, whether it is kept, the submission. */
export const usePostEditor = () => useAppSelector(selectEditor);
