/**
 * "Report a problem" on the server (issue 24): a signed-in person's event log, sent with their
 * consent, stored per account, listed for them, downloadable and deletable by them only.
 *
 * Nothing of the client is trusted: the body is decoded at the boundary, the log must parse as an
 * event log of a version the domain reads (else 10400 naming the line), and it is redacted again
 * with the domain's rules before it is stored, whatever the client did when it recorded it.
 */
import * as E from 'fp-ts/Either';
import type { FastifyInstance } from 'fastify';
import { parseEventLog, redact, serializeEventLog } from '../../domain/index.js';
import {
  PROBLEM_NOTE_MAX,
  PROBLEM_REPORT_MAX_BYTES,
  PROBLEM_REPORTS_DELETE_PATH,
  PROBLEM_REPORTS_LIST_PATH,
  PROBLEM_REPORTS_PATH,
  ProblemReportDeleteRequest,
  ProblemReportRequest,
  PROBLEM_REPORT_LOG_ROUTE,
  type ProblemReportDeleteResponse,
  type ProblemReportItem,
  type ProblemReportListResponse,
  type ProblemReportResponse,
} from '../../infrastructure/contract/support';
import { newId, requireAccount } from '../auth';
import type { ServerContext } from '../context';
import { ApiError, CODES, decodeBody, ok } from '../envelope';

interface ReportRow extends Record<string, unknown> {
  id: string;
  note: string;
  events: number;
  bytes: number;
  created_at: string | number;
}

const itemOf = (r: ReportRow): ProblemReportItem => ({
  id: r.id,
  note: r.note,
  events: r.events,
  bytes: r.bytes,
  created_at: Number(r.created_at),
});

/** The JSON body around the log: its escapes and the note fit in the margin. */
const BODY_LIMIT = PROBLEM_REPORT_MAX_BYTES * 2 + 64 * 1024;

export const problemReportRoutes = (app: FastifyInstance, ctx: ServerContext): void => {
  app.post(PROBLEM_REPORTS_PATH, { bodyLimit: BODY_LIMIT }, async (req) => {
    const accountId = requireAccount(req.caller);
    const body = decodeBody(ProblemReportRequest, req.body);
    if (body.note.length > PROBLEM_NOTE_MAX)
      throw new ApiError(CODES.invalidRequest, `body.note: at most ${PROBLEM_NOTE_MAX} characters`);
    if (Buffer.byteLength(body.log) > PROBLEM_REPORT_MAX_BYTES)
      throw new ApiError(CODES.invalidRequest, `body.log: at most ${PROBLEM_REPORT_MAX_BYTES} bytes`);
    const parsed = parseEventLog(body.log);
    if (E.isLeft(parsed))
      throw new ApiError(
        CODES.invalidRequest,
        `body.log: not an event log (line ${parsed.left.line}: ${parsed.left.message})`,
      );
    const log = serializeEventLog(redact(parsed.right));
    const item: ProblemReportItem = {
      id: `rep_${newId(12)}`,
      note: redact(body.note.trim()),
      events: parsed.right.events.length,
      bytes: Buffer.byteLength(log),
      created_at: ctx.clock.now(),
    };
    await ctx.db.query(
      `INSERT INTO problem_reports (id, account_id, note, log, events, bytes, created_at) VALUES ($1, $2, $3, $4, $5, $6, $7)`,
      [item.id, accountId, item.note, log, item.events, item.bytes, item.created_at],
    );
    return ok<ProblemReportResponse>(item);
  });

  app.post(PROBLEM_REPORTS_LIST_PATH, async (req) => {
    const accountId = requireAccount(req.caller);
    const rows = await ctx.db.query<ReportRow>(
      `SELECT id, note, events, bytes, created_at FROM problem_reports WHERE account_id = $1 ORDER BY created_at DESC, id LIMIT 100`,
      [accountId],
    );
    return ok<ProblemReportListResponse>({ items: rows.map(itemOf) });
  });

  app.post(PROBLEM_REPORTS_DELETE_PATH, async (req) => {
    const accountId = requireAccount(req.caller);
    const { id } = decodeBody(ProblemReportDeleteRequest, req.body);
    const gone = await ctx.db.query(
      'DELETE FROM problem_reports WHERE id = $1 AND account_id = $2 RETURNING id',
      [id, accountId],
    );
    if (gone.length === 0) throw new ApiError(CODES.notFound, 'no such report of yours');
    return ok<ProblemReportDeleteResponse>({ deleted: id });
  });

  // A download is a file: its refusals are HTTP statuses too (401, 404), not only envelope codes.
  app.get<{ Params: { id: string } }>(PROBLEM_REPORT_LOG_ROUTE, async (req, reply) => {
    const accountId = req.caller.accountId;
    if (accountId === null) throw new ApiError(CODES.notLoggedIn, 'please log in', 401);
    const [row] = await ctx.db.query<{ log: string; created_at: string }>(
      'SELECT log, created_at FROM problem_reports WHERE id = $1 AND account_id = $2',
      [req.params.id, accountId],
    );
    if (!row) throw new ApiError(CODES.notFound, 'no such report of yours', 404);
    return reply
      .header('content-type', 'application/x-ndjson; charset=utf-8')
      .header('content-disposition', `attachment; filename="atelier-report-${req.params.id}.jsonl"`)
      .header('cache-control', 'private, no-store')
      .send(row.log);
  });
};
