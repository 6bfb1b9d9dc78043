import { defineEvent, type DomainEvent } from '../kernel/event.js';
import type {
  DecorationPreviewItem,
  DecorationStats,
  Ornament,
  OrnamentAction,
  PurchaseRefusal,
  PurchaseRecord,
} from './rules.js';

/** What the decoration screens load, each with its own loading and error state. */
export type DecorationResource = 'list' | 'history' | 'stats' | 'previews';

export interface ListReceivedPayload {
  readonly ornaments: readonly Ornament[];
}
export interface BoughtPayload {
  readonly ornamentId: string;
  /** Epoch milliseconds of the purchase, from the server or the clock adapter. */
  readonly buyAt: number;
}
export interface OrnamentIdPayload {
  readonly ornamentId: string;
}
export interface ProductionBoxWornPayload {
  readonly ornamentId: string;
  /** Spec §7 use call: ornament_id, work_id. */
  readonly workId: string;
}
export interface ProductionBoxUnloadedPayload {
  readonly workId: string;
}
export interface StatsReceivedPayload {
  readonly stats: DecorationStats;
}

export interface ResourcePayload {
  readonly resource: DecorationResource;
}
export interface HistoryReceivedPayload {
  readonly page: number;
  readonly total: number;
  readonly items: readonly PurchaseRecord[];
}
export interface PreviewsReceivedPayload {
  readonly items: readonly DecorationPreviewItem[];
}
export interface ActionStartedPayload {
  readonly ornamentId: string;
  readonly action: Exclude<OrnamentAction, 'none'>;
}
export interface PurchaseRefusedPayload {
  readonly ornamentId: string;
  readonly refused: PurchaseRefusal;
}

export const loadRequested = defineEvent<ResourcePayload>()('decorations/loadRequested');
export const loadFailed = defineEvent<ResourcePayload>()('decorations/loadFailed');
export const historyReceived = defineEvent<HistoryReceivedPayload>()('decorations/historyReceived');
export const previewsReceived = defineEvent<PreviewsReceivedPayload>()('decorations/previewsReceived');
/** A buy, wear or unload call is on its way for this ornament (its button waits). */
export const actionStarted = defineEvent<ActionStartedPayload>()('decorations/actionStarted');
/** The call answered, whatever it answered. */
export const actionSettled = defineEvent<OrnamentIdPayload>()('decorations/actionSettled');
/** Spec §5 local refusal or spec §8 80304/80307 from the server: the card says why. */
export const purchaseRefused = defineEvent<PurchaseRefusedPayload>()('decorations/purchaseRefused');
export const refusalDismissed = defineEvent<Record<string, never>>()('decorations/refusalDismissed');
/** The signed-in person changed: what was theirs (owned, worn, history, stats) is forgotten. */
export const accountCleared = defineEvent<Record<string, never>>()('decorations/accountCleared');

export const ornamentsReceived = defineEvent<ListReceivedPayload>()('decorations/ornamentsReceived');
export const ornamentBought = defineEvent<BoughtPayload>()('decorations/ornamentBought');
export const avatarBoxWorn = defineEvent<OrnamentIdPayload>()('decorations/avatarBoxWorn');
export const avatarBoxUnloaded = defineEvent<OrnamentIdPayload>()('decorations/avatarBoxUnloaded');
export const productionBoxWorn = defineEvent<ProductionBoxWornPayload>()('decorations/productionBoxWorn');
export const productionBoxUnloaded = defineEvent<ProductionBoxUnloadedPayload>()(
  'decorations/productionBoxUnloaded',
);
export const statsReceived = defineEvent<StatsReceivedPayload>()('decorations/statsReceived');

export type DecorationsEvent =
  | DomainEvent<typeof ornamentsReceived.type, ListReceivedPayload>
  | DomainEvent<typeof ornamentBought.type, BoughtPayload>
  | DomainEvent<typeof avatarBoxWorn.type, OrnamentIdPayload>
  | DomainEvent<typeof avatarBoxUnloaded.type, OrnamentIdPayload>
  | DomainEvent<typeof productionBoxWorn.type, ProductionBoxWornPayload>
  | DomainEvent<typeof productionBoxUnloaded.type, ProductionBoxUnloadedPayload>
  | DomainEvent<typeof statsReceived.type, StatsReceivedPayload>
  | DomainEvent<typeof loadRequested.type, ResourcePayload>
  | DomainEvent<typeof loadFailed.type, ResourcePayload>
  | DomainEvent<typeof historyReceived.type, HistoryReceivedPayload>
  | DomainEvent<typeof previewsReceived.type, PreviewsReceivedPayload>
  | DomainEvent<typeof actionStarted.type, ActionStartedPayload>
  | DomainEvent<typeof actionSettled.type, OrnamentIdPayload>
  | DomainEvent<typeof purchaseRefused.type, PurchaseRefusedPayload>
  | DomainEvent<typeof refusalDismissed.type, Record<string, never>>
  | DomainEvent<typeof accountCleared.type, Record<string, never>>;

export const decorationsEventTypes = [
  ornamentsReceived.type,
  ornamentBought.type,
  avatarBoxWorn.type,
  avatarBoxUnloaded.type,
  productionBoxWorn.type,
  productionBoxUnloaded.type,
  statsReceived.type,
  loadRequested.type,
  loadFailed.type,
  historyReceived.type,
  previewsReceived.type,
  actionStarted.type,
  actionSettled.type,
  purchaseRefused.type,
  refusalDismissed.type,
  accountCleared.type,
] as const;
