/**
 * Video editor projects (spec §3, §4, §7): one project per workspace, owned by one account.
 * Only the owner reads or saves a project; anyone else, like a missing project, gets 10404, so
 * an id reveals nothing about whether it exists (spec §8 maps 10404 on save to 'saveFailed').
 */
import { randomBytes } from 'node:crypto';
import { editor } from '../../domain/index.js';
import type { EditorInfo, EditorProject, EditorSaveRequest } from '../../infrastructure/contract/platform';
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
