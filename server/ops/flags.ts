/**
 * A/B assignment (spec §7 are/you/ok): each experiment's variant is a hash of the experiment name
 * and the unit (the account when signed in, so a person sees the same variant on every device;
 * else the device), so it is stable without being stored and spreads evenly. Config items of
 * spec §6 say whether the tavern features are on (the tavern and ST-tavern permissions); on for
 * everyone in the reference server.
 *
 * The ST-tavern test (spec §2: the tavern routes need it) takes `ST_TAVERN_SHARE_PERCENT` of the
 * units, by the unit's bucket, and always the demo accounts (README), so a person trying the demo
 * platform can see the tavern; a device outside the share is sent home by the guard, with a toast.
 */
import { createHash } from 'node:crypto';
import { DEMO_ACCOUNT, DEMO_COMPANY } from '../seed';
import type {
  AbFlags,
  AbFlagsResponse,
  ConfigItem,
  ExperimentName,
  PresenceUnit,
} from '../../infrastructure/contract/telemetry';

export const EXPERIMENTS: readonly ExperimentName[] = ['model_detail_v2', 'st_tavern'];

export const CONFIG_ITEMS: readonly ConfigItem[] = [
  { key: 'enable_tavern', content_type: 'character', enabled: true },
  { key: 'enable_st_tavern', content_type: 'StCharacter', enabled: true },
];

/** A uniform bucket in [0, 2^32) for an experiment and a unit. */
export const bucketOf = (experiment: string, unit: PresenceUnit, unitId: string): number =>
  createHash('sha256').update(`${experiment}\u0000${unit}\u0000${unitId}`).digest().readUInt32BE(0);

/** The share of units (accounts or devices) in the ST-tavern group, in percent. */
export const ST_TAVERN_SHARE_PERCENT = 50;

/** The accounts always in the ST-tavern group: the demo account and the demo company's. */
export const ST_TAVERN_ALWAYS: ReadonlySet<string> = new Set([
  DEMO_ACCOUNT.id,
  ...DEMO_COMPANY.map((a) => a.id),
]);

/** Whether a unit is in the ST-tavern group: a demo account always, else by its bucket (0..99). */
export const inStTavernGroup = (unit: PresenceUnit, unitId: string): boolean =>
  (unit === 'account' && ST_TAVERN_ALWAYS.has(unitId)) ||
  bucketOf('st_tavern', unit, unitId) % 100 < ST_TAVERN_SHARE_PERCENT;

export const assign = (
  unit: PresenceUnit,
  unitId: string,
  experiments: readonly ExperimentName[] = EXPERIMENTS,
): AbFlagsResponse => {
  const flags: { -readonly [K in keyof AbFlags]: AbFlags[K] } = {};
  for (const name of new Set(experiments)) {
    const even = bucketOf(name, unit, unitId) % 2 === 0;
    switch (name) {
      case 'model_detail_v2':
        flags.model_detail_v2 = even ? 'A' : 'B';
        break;
      case 'st_tavern':
        flags.st_tavern = inStTavernGroup(unit, unitId);
        break;
    }
  }
  return { unit, flags, config_items: [...CONFIG_ITEMS] };
};
