/**
 * "My projects" (issue 21): the signed-in person's video editor projects, newest change first,
 * as the server lists them, and what renaming, duplicating and deleting one does to that list.
 * A context of its own beside the open project: the list lives while no project is open.
 */
import { defineEvent, assertNever, type DomainEvent } from '../kernel/event.js';
import type { BoundedContext } from '../kernel/context.js';
import { DEFAULT_PROJECT_TITLE_KEY } from './rules.js';
import type { ProjectTitle } from './selectors.js';

/** A line of the list; `title` is '' for an unnamed project, times are epoch ms. */
export interface ProjectSummary {
  readonly id: string;
  readonly title: string;
  readonly cover: string;
  readonly aspect_ratio: string;
  readonly updated_at: number;
}

export const projectsRequested = defineEvent<Record<string, never>>()('editorProjects/requested');
export const projectsLoaded = defineEvent<{ readonly projects: readonly ProjectSummary[] }>()(
  'editorProjects/loaded',
);
export const projectsFailed = defineEvent<Record<string, never>>()('editorProjects/failed');
export const projectRenamed = defineEvent<{ readonly project: ProjectSummary }>()('editorProjects/renamed');
export const projectDuplicated = defineEvent<{ readonly project: ProjectSummary }>()(
  'editorProjects/duplicated',
);
export const projectDeleted = defineEvent<{ readonly id: string }>()('editorProjects/deleted');

export type EditorProjectsEvent =
  | DomainEvent<typeof projectsRequested.type, Record<string, never>>
  | DomainEvent<typeof projectsLoaded.type, { readonly projects: readonly ProjectSummary[] }>
  | DomainEvent<typeof projectsFailed.type, Record<string, never>>
  | DomainEvent<typeof projectRenamed.type, { readonly project: ProjectSummary }>
  | DomainEvent<typeof projectDuplicated.type, { readonly project: ProjectSummary }>
  | DomainEvent<typeof projectDeleted.type, { readonly id: string }>;

export const editorProjectsEventTypes = [
  projectsRequested.type,
  projectsLoaded.type,
  projectsFailed.type,
  projectRenamed.type,
  projectDuplicated.type,
  projectDeleted.type,
] as const;

export interface EditorProjectsState {
  readonly status: 'idle' | 'loading' | 'loaded' | 'failed';
  /** Newest change first, each id once. */
  readonly projects: readonly ProjectSummary[];
}

export const initialEditorProjectsState: EditorProjectsState = { status: 'idle', projects: [] };

/** Newest change first; ties keep the order they came in. */
export const byNewest = (projects: readonly ProjectSummary[]): readonly ProjectSummary[] =>
  [...projects].sort((a, b) => b.updated_at - a.updated_at);

/** `project` in place of the line with its id (or added), the list kept newest first. */
export const withProject = (
  projects: readonly ProjectSummary[],
  project: ProjectSummary,
): readonly ProjectSummary[] => byNewest([project, ...projects.filter((p) => p.id !== project.id)]);

const uniqueById = (projects: readonly ProjectSummary[]): readonly ProjectSummary[] => {
  const seen = new Set<string>();
  return projects.filter((p) => (seen.has(p.id) ? false : (seen.add(p.id), true)));
};

export const evolveEditorProjects = (
  state: EditorProjectsState,
  event: EditorProjectsEvent,
): EditorProjectsState => {
  switch (event.type) {
    case 'editorProjects/requested':
      // A fresh list each time (another account may have signed in since): nothing stale shows.
      return { status: 'loading', projects: state.status === 'loaded' ? state.projects : [] };
    case 'editorProjects/loaded':
      return { status: 'loaded', projects: byNewest(uniqueById(event.payload.projects)) };
    case 'editorProjects/failed':
      return { ...state, status: 'failed' };
    case 'editorProjects/renamed':
      return state.projects.some((p) => p.id === event.payload.project.id)
        ? { ...state, projects: withProject(state.projects, event.payload.project) }
        : state;
    case 'editorProjects/duplicated':
      return { ...state, projects: withProject(state.projects, event.payload.project) };
    case 'editorProjects/deleted':
      return { ...state, projects: state.projects.filter((p) => p.id !== event.payload.id) };
    default:
      return assertNever(event);
  }
};

export interface ProjectRow {
  readonly id: string;
  readonly title: ProjectTitle;
  readonly updatedAt: number;
  readonly aspectRatio: string;
}

/** The list as shown: an unnamed project takes the 'unnamed project' placeholder (spec §4). */
export const projectRowOf = (p: ProjectSummary): ProjectRow => ({
  id: p.id,
  title:
    p.title.trim() === '' ? { kind: 'key', key: DEFAULT_PROJECT_TITLE_KEY } : { kind: 'text', text: p.title },
  updatedAt: p.updated_at,
  aspectRatio: p.aspect_ratio,
});

export const editorProjectsContext: BoundedContext<EditorProjectsState, EditorProjectsEvent> = {
  name: 'editorProjects',
  initialState: initialEditorProjectsState,
  evolve: evolveEditorProjects,
  eventTypes: editorProjectsEventTypes,
  invariants: [],
};

let lastProjects: readonly ProjectSummary[] | null = null;
let lastRows: readonly ProjectRow[] = [];
/** The list's lines, the same array while the list is unchanged (so a view renders once). */
export const selectProjectRows = (s: EditorProjectsState): readonly ProjectRow[] => {
  if (s.projects !== lastProjects) {
    lastProjects = s.projects;
    lastRows = s.projects.map(projectRowOf);
  }
  return lastRows;
};

export const selectProjectsStatus = (s: EditorProjectsState): EditorProjectsState['status'] => s.status;
