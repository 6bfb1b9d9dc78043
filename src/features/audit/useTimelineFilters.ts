import { useMemo, useState } from 'react';
import type { AuditTimeline } from '../../../infrastructure/audit/commands';

/**
 * The timeline's filters: the contexts (lanes) hidden and the one event type kept (-1: all);
 * `keep` says whether an event passes them, `filterKey` changes when they do.
 */
export const useTimelineFilters = (timeline: AuditTimeline | null) => {
  const [hiddenLanes, setHiddenLanes] = useState<ReadonlySet<number>>(() => new Set());
  const [type, setType] = useState(-1);
  const keep = useMemo(
    () =>
      timeline === null
        ? () => false
        : (i: number) =>
            !hiddenLanes.has(timeline.laneOf[i] as number) && (type < 0 || timeline.typeOf[i] === type),
    [timeline, hiddenLanes, type],
  );
  const filterKey = `${[...hiddenLanes].join(',')}|${type}`;
  const toggleLane = (lane: number) =>
    setHiddenLanes((prev) => {
      const next = new Set(prev);
      if (next.has(lane)) next.delete(lane);
      else next.add(lane);
      return next;
    });
  const reset = () => {
    setHiddenLanes(new Set());
    setType(-1);
  };
  return { hiddenLanes, type, setType, keep, filterKey, toggleLane, reset };
};

export type TimelineFilters = ReturnType<typeof useTimelineFilters>;
