/**
 * ComfyUI workflow routes (spec §7 /work-flow/import, /square/search/node, /template/delete;
 * list, detail, update and copy are ours): see infrastructure/contract/creation.ts for the payloads
 * and ./workflows.ts for the validation. Imports are private to their account; running one is a
 * task of domain type 16 (server/tasks/). A workflow card of the square is tried by copying its
 * graph (./squareWorkflows.ts) into the caller's workflows, once per caller and card.
 */
import type { FastifyInstance } from 'fastify';
import {
  ComfyGraph,
  IdRequest,
  NODE_SEARCH_PATH,
  NodeSearchRequest,
  TEMPLATE_DELETE_PATH,
  WORKFLOW_DETAIL_PATH,
  WORKFLOW_IMPORT_PATH,
  WORKFLOW_LIST_PATH,
  WORKFLOW_COPY_PATH,
  WORKFLOW_UPDATE_PATH,
  WorkflowCopyRequest,
  WorkflowImportRequest,
  WorkflowUpdateRequest,
  type WorkflowCopyResponse,
  type WorkflowSummary,
} from '../../infrastructure/contract/creation';
import { newId, requireAccount } from '../auth';
import type { ServerContext } from '../context';
import { ApiError, CODES, decodeBody, ok } from '../envelope';
import { ownerOf, resolveOwnedUrl } from '../tasks/inputs';
import { squareWorkflowGraph } from './squareWorkflows';
import { searchNodes, summaryOf, validateGraph } from './workflows';

interface WorkflowRow extends Record<string, unknown> {
  id: string;
  name: string;
  graph: ComfyGraph | string;
  created_at: string | number;
}

const graphOf = (row: WorkflowRow): ComfyGraph =>
  typeof row.graph === 'string' ? (JSON.parse(row.graph) as ComfyGraph) : row.graph;

const summary = (row: WorkflowRow): WorkflowSummary => {
  const graph = graphOf(row);
  const valid = validateGraph(graph);
  const order = valid.ok ? valid.graph : { order: [], outputs: [], imageUrls: [] };
  return summaryOf(row.id, row.name, graph, order, Number(row.created_at));
};

export const WORKFLOWS_PER_ACCOUNT = 100;

/** The caller's live copy of a square card, if any. */
const copyOf = async (ctx: ServerContext, accountId: string, itemId: string): Promise<string | null> => {
  const [row] = await ctx.db.query<{ id: string }>(
    'SELECT id FROM comfy_workflows WHERE account_id = $1 AND source_item_id = $2 AND deleted_at IS NULL',
    [accountId, itemId],
  );
  return row?.id ?? null;
};

interface SquareWorkflowRow extends Record<string, unknown> {
  id: string;
  title: string;
  cover_prompt: string;
  cover_width: number;
  cover_height: number;
  nodes_type: string | null;
  extra: unknown;
}

const countOf = async (ctx: ServerContext, accountId: string): Promise<number> => {
  const [count] = await ctx.db.query<{ n: string | number }>(
    'SELECT count(*) AS n FROM comfy_workflows WHERE account_id = $1 AND deleted_at IS NULL',
    [accountId],
  );
  return Number(count?.n ?? 0);
};

export const workflowRoutes = (app: FastifyInstance, ctx: ServerContext): void => {
  app.post(WORKFLOW_IMPORT_PATH, async (req) => {
    const accountId = requireAccount(req.caller);
    const body = decodeBody(WorkflowImportRequest, req.body);
    const valid = validateGraph(body.workflow);
    if (!valid.ok) throw new ApiError(CODES.invalidRequest, valid.message);
    // The images a LoadImage node reads must be the importer's own (70008 / 10404 otherwise).
    for (const url of valid.graph.imageUrls)
      await resolveOwnedUrl(ctx.db, ctx.blobs, ownerOf(req.caller, false), url);
    if ((await countOf(ctx, accountId)) >= WORKFLOWS_PER_ACCOUNT)
      throw new ApiError(CODES.forbidden, `at most ${WORKFLOWS_PER_ACCOUNT} workflows per account`);
    const id = `wf-${newId(9)}`;
    const now = ctx.clock.now();
    const name = body.name.trim();
    await ctx.db.query(
      'INSERT INTO comfy_workflows (id, account_id, name, graph, node_count, created_at) VALUES ($1, $2, $3, $4::jsonb, $5, $6)',
      [id, accountId, name, JSON.stringify(body.workflow), Object.keys(body.workflow).length, now],
    );
    return ok({ workflow: summaryOf(id, name, body.workflow, valid.graph, now) });
  });

  // Try on a workflow card of the square: the card's graph becomes one of the caller's workflows.
  // Idempotent per (caller, card): the partial unique index settles two requests racing.
  app.post(WORKFLOW_COPY_PATH, async (req) => {
    const accountId = requireAccount(req.caller);
    const { id } = decodeBody(WorkflowCopyRequest, req.body);
    const existing = await copyOf(ctx, accountId, id);
    if (existing !== null) return ok<WorkflowCopyResponse>({ id: existing, created: false });
    const [item] = await ctx.db.query<SquareWorkflowRow>(
      `SELECT id, title, cover_prompt, cover_width, cover_height, nodes_type, extra
       FROM content_items WHERE id = $1 AND kind = 'workflow'`,
      [id],
    );
    if (!item) throw new ApiError(CODES.notFound, 'no such workflow on the square');
    if ((await countOf(ctx, accountId)) >= WORKFLOWS_PER_ACCOUNT)
      throw new ApiError(CODES.forbidden, `at most ${WORKFLOWS_PER_ACCOUNT} workflows per account`);
    const graph = squareWorkflowGraph({
      id: item.id,
      title: item.title,
      coverPrompt: item.cover_prompt,
      coverWidth: Number(item.cover_width),
      coverHeight: Number(item.cover_height),
      nodesType: item.nodes_type,
      extra: typeof item.extra === 'string' ? (JSON.parse(item.extra) as unknown) : item.extra,
    });
    const newIdOf = `wf-${newId(9)}`;
    const inserted = await ctx.db.query<{ id: string }>(
      `INSERT INTO comfy_workflows (id, account_id, name, graph, node_count, created_at, source_item_id)
       VALUES ($1, $2, $3, $4::jsonb, $5, $6, $7)
       ON CONFLICT (account_id, source_item_id) WHERE source_item_id IS NOT NULL AND deleted_at IS NULL
       DO NOTHING RETURNING id`,
      [
        newIdOf,
        accountId,
        item.title.trim().slice(0, 80) || 'Workflow',
        JSON.stringify(graph),
        Object.keys(graph).length,
        ctx.clock.now(),
        item.id,
      ],
    );
    if (inserted.length > 0) return ok<WorkflowCopyResponse>({ id: newIdOf, created: true });
    const raced = await copyOf(ctx, accountId, id);
    if (raced === null) throw new ApiError(CODES.notFound, 'no such workflow on the square');
    return ok<WorkflowCopyResponse>({ id: raced, created: false });
  });

  app.post(WORKFLOW_LIST_PATH, async (req) => {
    const accountId = requireAccount(req.caller);
    const rows = await ctx.db.query<WorkflowRow>(
      'SELECT id, name, graph, created_at FROM comfy_workflows WHERE account_id = $1 AND deleted_at IS NULL ORDER BY created_at DESC, id DESC',
      [accountId],
    );
    return ok({ items: rows.map(summary) });
  });

  app.post(WORKFLOW_DETAIL_PATH, async (req) => {
    const accountId = requireAccount(req.caller);
    const { id } = decodeBody(IdRequest, req.body);
    const [row] = await ctx.db.query<WorkflowRow>(
      'SELECT id, name, graph, created_at FROM comfy_workflows WHERE id = $1 AND account_id = $2 AND deleted_at IS NULL',
      [id, accountId],
    );
    if (!row) throw new ApiError(CODES.notFound, 'no such workflow of yours');
    return ok({ workflow: summary(row), graph: graphOf(row) });
  });

  // The form of a workflow's inputs saves its values here before a run (the run reads the stored graph).
  app.post(WORKFLOW_UPDATE_PATH, async (req) => {
    const accountId = requireAccount(req.caller);
    const body = decodeBody(WorkflowUpdateRequest, req.body);
    const [row] = await ctx.db.query<WorkflowRow>(
      'SELECT id, name, graph, created_at FROM comfy_workflows WHERE id = $1 AND account_id = $2 AND deleted_at IS NULL',
      [body.id, accountId],
    );
    if (!row) throw new ApiError(CODES.notFound, 'no such workflow of yours');
    const valid = validateGraph(body.workflow);
    if (!valid.ok) throw new ApiError(CODES.invalidRequest, valid.message);
    for (const url of valid.graph.imageUrls)
      await resolveOwnedUrl(ctx.db, ctx.blobs, ownerOf(req.caller, false), url);
    await ctx.db.query(
      'UPDATE comfy_workflows SET graph = $3::jsonb, node_count = $4 WHERE id = $1 AND account_id = $2',
      [body.id, accountId, JSON.stringify(body.workflow), Object.keys(body.workflow).length],
    );
    return ok({ workflow: summaryOf(row.id, row.name, body.workflow, valid.graph, Number(row.created_at)) });
  });

  // Silent (spec §7): nothing of the caller's to delete is not an error, it is `deleted: false`.
  app.post(TEMPLATE_DELETE_PATH, async (req) => {
    const accountId = requireAccount(req.caller);
    const { id } = decodeBody(IdRequest, req.body);
    const rows = await ctx.db.query(
      'UPDATE comfy_workflows SET deleted_at = $3 WHERE id = $1 AND account_id = $2 AND deleted_at IS NULL RETURNING id',
      [id, accountId, ctx.clock.now()],
    );
    return ok({ deleted: rows.length > 0 });
  });

  app.post(NODE_SEARCH_PATH, async (req) => {
    const body = decodeBody(NodeSearchRequest, req.body);
    return ok({ items: searchNodes(body.keyword, body.category) });
  });
};
