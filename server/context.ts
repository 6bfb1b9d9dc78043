import type { PopupStatusResponse } from '../infrastructure/contract/telemetry';
import type { BlobStore } from './blobs/store';
import type { ServerConfig } from './config';
import type { Database } from './db/database';
import type { Push } from './realtime/push';
import type { TaskService } from './tasks/service';

/** What every route module receives: the database, blobs, services and the clock. */
export interface ServerContext {
  readonly config: ServerConfig;
  readonly db: Database;
  readonly blobs: BlobStore;
  readonly tasks: TaskService;
  readonly clock: { readonly now: () => number };
  /**
   * The development switch's popup status per account (README "Development switches"): what popup
   * status answers, and so the half-price offer orders are charged by, until a restart.
   */
  readonly popupOverrides: Map<string, PopupStatusResponse>;
  /** Events pushed to an account's sockets on any process (realtime/push.ts). */
  readonly push: Push;
}
