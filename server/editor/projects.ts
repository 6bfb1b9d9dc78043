/**
 * Video editor projects (spec §3, §4, §7): one project per workspace, owned by one account.
 * Only the owner reads or saves a project; anyone else, like a missing project, gets 10404, so
 * an id reveals nothing about whether it exists (spec §8 maps 10404 on save to 'saveFailed').
 */
import { randomBytes } from 'node:crypto';
import { editor } from '../../domain/index.js';
import {
  EDITOR_PROJECT_LIST_LIMIT,
  type EditorInfo,
  type EditorProject,
  type EditorProjectSummary,
  type EditorSaveRequest,
} from '../../infrastructure/contract/platform';
import type { Queryable } from '../db/database';
import { ApiError, CODES } from '../envelope';

interface ProjectRow extends Record<string, unknown> {
  id: string;
  workspace_id: string;
  workspace_name: string;
  cover: string;
  aspect_ratio: string;
  editor_info: EditorInfo;
  version: number;
  created_at: string | number;
  updated_at: string | number;
}

const newId = (prefix: string): string => `${prefix}${randomBytes(9).toString('base64url')}`;

const toProject = (r: ProjectRow): EditorProject => ({
  id: r.id,
  workspace_id: r.workspace_id,
  workspace_name: r.workspace_name,
  cover: r.cover,
  canvas: { aspect_ratio: editor.aspectRatioOrDefault(r.aspect_ratio) },
  editor_info: r.editor_info,
  version: Number(r.version),
  created_at: Number(r.created_at),
  updated_at: Number(r.updated_at),
});

const notFound = () => new ApiError(CODES.notFound, 'no such project');

export const createProject = async (
  db: Queryable,
  accountId: string,
  body: { readonly cover: string; readonly workspace_name: string },
  now: number,
): Promise<EditorProject> => {
  const [row] = await db.query<ProjectRow>(
    `INSERT INTO editor_projects (id, workspace_id, account_id, workspace_name, cover, aspect_ratio, editor_info, version, created_at, updated_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7::jsonb, 0, $8, $8) RETURNING *`,
    [
      newId('prj_'),
      newId('ws_'),
      accountId,
      body.workspace_name.trim(),
      body.cover,
      editor.DEFAULT_ASPECT_RATIO,
      JSON.stringify({ audios: [], storyboards: [] }),
      now,
    ],
  );
  if (!row) throw new Error('insert returned no row');
  return toProject(row);
};

export const projectDetail = async (db: Queryable, accountId: string, id: string): Promise<EditorProject> => {
  const [row] = await db.query<ProjectRow>(
    'SELECT * FROM editor_projects WHERE id = $1 AND account_id = $2',
    [id, accountId],
  );
  if (!row) throw notFound();
  return toProject(row);
};

/** One atomic update: the owner's project in the named workspace, or 10404 and nothing changes. */
export const saveProject = async (
  db: Queryable,
  accountId: string,
  body: EditorSaveRequest,
  now: number,
): Promise<{ id: string; version: number; updated_at: number }> => {
  const [row] = await db.query<{ id: string; version: number; updated_at: string | number }>(
    `UPDATE editor_projects
        SET aspect_ratio = $4, editor_info = $5::jsonb, version = version + 1, updated_at = GREATEST(updated_at, $6)
      WHERE id = $1 AND account_id = $2 AND workspace_id = $3
      RETURNING id, version, updated_at`,
    [body.id, accountId, body.workspace_id, body.canvas.aspect_ratio, JSON.stringify(body.editor_info), now],
  );
  if (!row) throw notFound();
  return { id: row.id, version: Number(row.version), updated_at: Number(row.updated_at) };
};

const toSummary = (r: ProjectRow): EditorProjectSummary => ({
  id: r.id,
  title: r.workspace_name,
  cover: r.cover,
  aspect_ratio: editor.aspectRatioOrDefault(r.aspect_ratio),
  updated_at: Number(r.updated_at),
});

/** The caller's projects, most recently changed first (ties by id, so the order is stable). */
export const listProjects = async (db: Queryable, accountId: string): Promise<EditorProjectSummary[]> => {
  const rows = await db.query<ProjectRow>(
    'SELECT * FROM editor_projects WHERE account_id = $1 ORDER BY updated_at DESC, created_at DESC, id DESC LIMIT $2',
    [accountId, EDITOR_PROJECT_LIST_LIMIT],
  );
  return rows.map(toSummary);
};

/** A new name for the owner's project: trimmed, 1..60 characters, else 10400 and nothing changes. */
export const renameProject = async (
  db: Queryable,
  accountId: string,
  body: { readonly id: string; readonly title: string },
  now: number,
): Promise<EditorProjectSummary> => {
  const title = editor.validProjectTitle(body.title);
  if (title === null)
    throw new ApiError(
      CODES.invalidRequest,
      `title must be 1..${editor.PROJECT_TITLE_MAX_LENGTH} characters`,
    );
  const [row] = await db.query<ProjectRow>(
    `UPDATE editor_projects SET workspace_name = $3, updated_at = GREATEST(updated_at, $4)
      WHERE id = $1 AND account_id = $2 RETURNING *`,
    [body.id, accountId, title, now],
  );
  if (!row) throw notFound();
  return toSummary(row);
};

/**
 * A copy of the owner's project (title, cover, canvas, clips, audio) as a new project of its own,
 * changed after its source (so it heads the list even within the same millisecond).
 */
export const duplicateProject = async (
  db: Queryable,
  accountId: string,
  id: string,
  now: number,
): Promise<EditorProject> => {
  const [row] = await db.query<ProjectRow>(
    `INSERT INTO editor_projects (id, workspace_id, account_id, workspace_name, cover, aspect_ratio, editor_info, version, created_at, updated_at)
     SELECT $3, $4, account_id, workspace_name, cover, aspect_ratio, editor_info, 0, $5, GREATEST($5, updated_at + 1)
       FROM editor_projects WHERE id = $1 AND account_id = $2
     RETURNING *`,
    [id, accountId, newId('prj_'), newId('ws_'), now],
  );
  if (!row) throw notFound();
  return toProject(row);
};

/** Removes the owner's project for good; someone else's (or a missing) id is 10404. */
export const deleteProject = async (db: Queryable, accountId: string, id: string): Promise<void> => {
  const rows = await db.query<{ id: string }>(
    'DELETE FROM editor_projects WHERE id = $1 AND account_id = $2 RETURNING id',
    [id, accountId],
  );
  if (rows.length === 0) throw notFound();
};
