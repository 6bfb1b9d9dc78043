import { defineEvent, type DomainEvent } from '../kernel/event.js';

type Empty = Record<string, never>;

/** A post being written: its title and its rich text (the editor's HTML). */
export interface PostDraft {
  readonly title: string;
  readonly html: string;
}

export interface DraftReadPayload {
  /** The draft this device kept for the signed-in person, or null when there is none. */
  readonly draft: PostDraft | null;
}

export interface PostCreatedPayload {
  readonly id: string;
}

export interface PostRefusedPayload {
  /** The server's refusal code, or null when no answer came. */
  readonly code: number | null;
}

/** The editor opened: the draft kept on this device was read (a new writing session starts). */
export const draftRead = defineEvent<DraftReadPayload>()('posts/draftRead');
/**
 * The person changed a draft that was kept: what this device holds is behind the editor until the
 * next `draftSaved` (recorded once per such change, not per key).
 */
export const draftEdited = defineEvent<Empty>()('posts/draftEdited');
/** The draft was written to this device (what it holds is not repeated here). */
export const draftSaved = defineEvent<Empty>()('posts/draftSaved');
/** The texts passed the sensitive-word check and the post went to the server. */
export const postCreateStarted = defineEvent<Empty>()('posts/createStarted');
/** The server made the post (sanitised, spec §5); the draft is let go. */
export const postCreated = defineEvent<PostCreatedPayload>()('posts/created');
/** The server refused the post or did not answer: the editor keeps it. */
export const postRefused = defineEvent<PostRefusedPayload>()('posts/refused');

export type PostsEvent =
  | DomainEvent<typeof draftRead.type, DraftReadPayload>
  | DomainEvent<typeof draftEdited.type, Empty>
  | DomainEvent<typeof draftSaved.type, Empty>
  | DomainEvent<typeof postCreateStarted.type, Empty>
  | DomainEvent<typeof postCreated.type, PostCreatedPayload>
  | DomainEvent<typeof postRefused.type, PostRefusedPayload>;

export const postsEventTypes = [
  draftRead.type,
  draftEdited.type,
  draftSaved.type,
  postCreateStarted.type,
  postCreated.type,
  postRefused.type,
] as const;
