/** A details capability that asks nothing unless a test scripts a call, and sanitises nothing away. */
import { EMPTY, of } from 'rxjs';
import type { DetailsApi } from '../../../infrastructure/details/api';
import type { DetailsDeps } from '../../../infrastructure/details/deps';

export const fakeDetailsDeps = (
  api: Partial<DetailsApi> = {},
  sanitize = (html: string) => html,
): DetailsDeps => ({
  api: {
    itemDetail: () => EMPTY,
    modelDetail: () => EMPTY,
    postDetail: () => EMPTY,
    createPost: () => EMPTY,
    comments: () => EMPTY,
    addComment: () => EMPTY,
    related: () => EMPTY,
    modelSamples: () => EMPTY,
    search: () => EMPTY,
    tagSuggest: () => EMPTY,
    hotTags: () => EMPTY,
    collectedTags: () => EMPTY,
    officialTags: () => EMPTY,
    tagDetail: () => EMPTY,
    collectTag: () => EMPTY,
    tagWorks: () => EMPTY,
    ...api,
  },
  sanitize: (html) => of(sanitize(html)),
});
