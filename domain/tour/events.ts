import { defineEvent, type DomainEvent } from '../kernel/event.js';

export interface TourStartedPayload {
  readonly tourId: string;
  readonly totalSteps: number;
}

export interface TourRef {
  readonly tourId: string;
}

export const tourStarted = defineEvent<TourStartedPayload>()('tour/started');
export const tourAdvanced = defineEvent<TourRef>()('tour/advanced');
export const tourSteppedBack = defineEvent<TourRef>()('tour/steppedBack');
export const tourClosed = defineEvent<TourRef>()('tour/closed');

export type TourEvent =
  | DomainEvent<typeof tourStarted.type, TourStartedPayload>
  | DomainEvent<typeof tourAdvanced.type, TourRef>
  | DomainEvent<typeof tourSteppedBack.type, TourRef>
  | DomainEvent<typeof tourClosed.type, TourRef>;

export const tourEventTypes = [
  tourStarted.type,
  tourAdvanced.type,
  tourSteppedBack.type,
  tourClosed.type,
] as const;
