import { deriveOrnamentView, type Ornament, type OrnamentType, type OrnamentView } from './rules.js';
import type { DecorationsState } from './state.js';

export const selectOrnaments = (s: DecorationsState): readonly Ornament[] =>
  s.order.map((id) => s.ornaments[id]).filter((o): o is Ornament => o !== undefined);

export const selectOrnamentsOfType = (s: DecorationsState, type: OrnamentType): readonly Ornament[] =>
  selectOrnaments(s).filter((o) => o.type === type);

export const selectOrnamentView = (s: DecorationsState, id: string): OrnamentView | undefined => {
  const o = s.ornaments[id];
  return o === undefined ? undefined : deriveOrnamentView(o);
};

export const selectWornAvatarBox = (s: DecorationsState): Ornament | null =>
  selectOrnaments(s).find((o) => o.type === 'avatarBox' && o.is_wearing) ?? null;

export const selectProductionBoxOfWork = (s: DecorationsState, workId: string): Ornament | null => {
  const id = s.productionBoxOnWork[workId];
  return id === undefined ? null : (s.ornaments[id] ?? null);
};

export const selectOwnedOrnaments = (s: DecorationsState): readonly Ornament[] =>
  selectOrnaments(s).filter((o) => o.is_owned);
