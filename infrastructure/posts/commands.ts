/** Commands of writing a post (issue 21; spec §2 create-and-post). */
import { defineCommand } from '../store/commands';

/** The editor opens: the draft this device keeps for the signed-in person is read. */
export const openPostEditor = defineCommand()('posts/open');

/** The draft as it is now; kept on this device a moment after the person stops typing. */
export const keepPostDraft = defineCommand<{ readonly title: string; readonly html: string }>()(
  'posts/keepDraft',
);

/** Publish: the title and the body's text go through the sensitive-word check, then the post is created. */
export const publishPost = defineCommand<{
  readonly title: { readonly text: string; readonly label: string };
  /** The body's plain text (what the check reads) and its HTML (what is posted). */
  readonly body: { readonly text: string; readonly html: string; readonly label: string };
  readonly separator: string;
}>()('posts/publish');
