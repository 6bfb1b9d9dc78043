/**
 * Video editor project routes (spec §4, §7): signed-in owners only (./projects.ts). Paths and
 * shapes are in infrastructure/contract/platform.ts.
 */
import type { FastifyInstance } from 'fastify';
import {
  EDITOR_PROJECT_CREATE_PATH,
  EDITOR_PROJECT_DETAIL_PATH,
  EDITOR_PROJECT_SAVE_PATH,
  EDITOR_PROJECT_LIST_PATH,
  EDITOR_PROJECT_RENAME_PATH,
  EDITOR_PROJECT_DUPLICATE_PATH,
  EDITOR_PROJECT_DELETE_PATH,
  EditorProjectListRequest,
  EditorProjectRenameRequest,
  EditorProjectIdRequest,
  EditorProjectCreateRequest,
  EditorProjectDetailRequest,
  EditorSaveRequest,
  type EditorProjectResponse,
  type EditorSaveResponse,
  type EditorProjectListResponse,
  type EditorProjectSummaryResponse,
  type EditorProjectDeleteResponse,
} from '../../infrastructure/contract/platform';
import { requireAccount } from '../auth';
import type { ServerContext } from '../context';
import { decodeBody, ok } from '../envelope';
import {
  createProject,
  deleteProject,
  duplicateProject,
  listProjects,
  projectDetail,
  renameProject,
  saveProject,
} from './projects';

export const editorRoutes = (app: FastifyInstance, ctx: ServerContext): void => {
  const now = () => ctx.clock.now();

  app.post(EDITOR_PROJECT_CREATE_PATH, async (req) => {
    const accountId = requireAccount(req.caller);
    const body = decodeBody(EditorProjectCreateRequest, req.body);
    return ok<EditorProjectResponse>({ project: await createProject(ctx.db, accountId, body, now()) });
  });

  app.post(EDITOR_PROJECT_DETAIL_PATH, async (req) => {
    const accountId = requireAccount(req.caller);
    const body = decodeBody(EditorProjectDetailRequest, req.body);
    return ok<EditorProjectResponse>({ project: await projectDetail(ctx.db, accountId, body.id) });
  });

  app.post(EDITOR_PROJECT_SAVE_PATH, async (req) => {
    const accountId = requireAccount(req.caller);
    const body = decodeBody(EditorSaveRequest, req.body);
    return ok<EditorSaveResponse>(await saveProject(ctx.db, accountId, body, now()));
  });

  app.post(EDITOR_PROJECT_LIST_PATH, async (req) => {
    const accountId = requireAccount(req.caller);
    decodeBody(EditorProjectListRequest, req.body ?? {});
    return ok<EditorProjectListResponse>({ projects: await listProjects(ctx.db, accountId) });
  });

  app.post(EDITOR_PROJECT_RENAME_PATH, async (req) => {
    const accountId = requireAccount(req.caller);
    const body = decodeBody(EditorProjectRenameRequest, req.body);
    return ok<EditorProjectSummaryResponse>({ project: await renameProject(ctx.db, accountId, body, now()) });
  });

  app.post(EDITOR_PROJECT_DUPLICATE_PATH, async (req) => {
    const accountId = requireAccount(req.caller);
    const body = decodeBody(EditorProjectIdRequest, req.body);
    return ok<EditorProjectResponse>({ project: await duplicateProject(ctx.db, accountId, body.id, now()) });
  });

  app.post(EDITOR_PROJECT_DELETE_PATH, async (req) => {
    const accountId = requireAccount(req.caller);
    const body = decodeBody(EditorProjectIdRequest, req.body);
    await deleteProject(ctx.db, accountId, body.id);
    return ok<EditorProjectDeleteResponse>({ deleted: true });
  });
};
