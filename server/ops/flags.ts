/**
 * A/B assignment (spec §7 are/you/ok): each experiment's variant is a hash of the experiment name
 * and the unit (the account when signed in, so a person sees the same variant on every device;
 * else the device), so it is stable without being stored and spreads evenly. Config items of
 * spec §6 say whether the tavern features are on; on for everyone in the reference server.
 */
import { createHash } from 'node:crypto';
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
        flags.st_tavern = even;
        break;
    }
  }
  return { unit, flags, config_items: [...CONFIG_ITEMS] };
};
