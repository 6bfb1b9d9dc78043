import { defineEvent, type DomainEvent } from '../kernel/event.js';
import type { DecorationStats, Ornament } from './rules.js';

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
  | DomainEvent<typeof statsReceived.type, StatsReceivedPayload>;

export const decorationsEventTypes = [
  ornamentsReceived.type,
  ornamentBought.type,
  avatarBoxWorn.type,
  avatarBoxUnloaded.type,
  productionBoxWorn.type,
  productionBoxUnloaded.type,
  statsReceived.type,
] as const;
