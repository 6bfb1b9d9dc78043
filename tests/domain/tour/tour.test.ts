import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { replayWith, stamp, type DomainEvent, type UnstampedEvent } from '../../../domain/index.js';
import * as tour from '../../../domain/tour/index.js';
import { givenIn } from '../../support/context-spec.js';

const given = givenIn(tour.tourContext);
const T = 'home';
const start = (totalSteps = 3, tourId = T) => tour.tourStarted({ tourId, totalSteps });
const next = tour.tourAdvanced({ tourId: T });
const prev = tour.tourSteppedBack({ tourId: T });
const close = tour.tourClosed({ tourId: T });
const evolve = tour.tourContext.evolve as unknown as (s: tour.TourState, e: DomainEvent) => tour.TourState;
const stampAll = (events: readonly UnstampedEvent[]) => events.map((e, i) => stamp(e, i + 1, 1000 * (i + 1)));

describe('guided tour (spec §4 "next, previous, close. Done on the last step. Animation 400 ms")', () => {
  it('starts at the first step and moves next and previous', () => {
    const g = given(start());
    expect(tour.selectTourStep(g.state)).toBe(0);
    expect(tour.selectCanGoBack(g.state)).toBe(false);
    const { state, violation } = g.when(next, next, prev);
    expect(violation).toBeNull();
    expect(state).toEqual({ status: 'running', tourId: T, step: 1, totalSteps: 3 });
    expect(tour.selectCanGoBack(state)).toBe(true);
  });
  it('is done when next is pressed on the last step', () => {
    const g = given(start(), next, next);
    expect(tour.selectIsLastStep(g.state)).toBe(true);
    const { state } = g.when(next);
    expect(state).toEqual({ status: 'done', tourId: T });
    expect(tour.selectIsTourVisible(state)).toBe(false);
    expect(tour.selectTourStep(state)).toBeNull();
  });
  it('closes at any step, remembering where', () => {
    expect(given(start(), next).when(close).state).toEqual({ status: 'closed', tourId: T, atStep: 1 });
  });
  it('previous on the first step stays there', () => {
    const g = given(start());
    expect(g.when(prev).state).toBe(g.state);
  });
  it('ignores a second start while running, a tour with no steps, and events of another tour or of no tour', () => {
    const g = given(start());
    expect(g.when(start(5, 'other')).state).toBe(g.state);
    expect(g.when(tour.tourAdvanced({ tourId: 'other' })).state).toBe(g.state);
    const idle = given();
    expect(idle.when(start(0), start(Number.NaN), next, prev, close).state).toBe(idle.state);
    expect(given(start(), close).when(start(2.7, 'again')).state).toEqual({
      status: 'running',
      tourId: 'again',
      step: 0,
      totalSteps: 2,
    });
  });
  it('animates each step for 400 ms', () => {
    expect(tour.TOUR_ANIMATION_MS).toBe(400);
  });
  it('the invariant names a step out of bounds', () => {
    const bad: tour.TourState = { status: 'running', tourId: T, step: 3, totalSteps: 3 };
    expect(tour.stepInBounds.check(tour.initialTourState, bad, stamp(next, 1, 1))).toBe(
      'step 3 is outside 0..2',
    );
  });
});

const eventArb: fc.Arbitrary<UnstampedEvent> = fc.oneof(
  fc
    .record({
      tourId: fc.constantFrom('home', 'editor'),
      totalSteps: fc.oneof(fc.integer({ min: -1, max: 6 }), fc.double()),
    })
    .map(tour.tourStarted),
  fc.constantFrom('home', 'editor').map((tourId) => tour.tourAdvanced({ tourId })),
  fc.constantFrom('home', 'editor').map((tourId) => tour.tourSteppedBack({ tourId })),
  fc.constantFrom('home', 'editor').map((tourId) => tour.tourClosed({ tourId })),
);

describe('guided tour laws', () => {
  it('property: the step is always within bounds, and done is only reached from the last step', () => {
    fc.assert(
      fc.property(fc.array(eventArb, { maxLength: 40 }), (events) => {
        let s = tour.initialTourState;
        for (const e of stampAll(events)) {
          const n = evolve(s, e);
          if (n.status === 'running') {
            expect(Number.isInteger(n.step) && n.step >= 0 && n.step < n.totalSteps).toBe(true);
          }
          if (n.status === 'done' && s.status !== 'done')
            expect(s.status === 'running' && s.step === s.totalSteps - 1).toBe(true);
          s = n;
        }
      }),
    );
  });
  it('property: folding a random event sequence from scratch equals applying it step by step', () => {
    fc.assert(
      fc.property(fc.array(eventArb, { maxLength: 30 }), (events) => {
        const stamped = stampAll(events);
        let s = tour.initialTourState;
        for (const e of stamped) s = evolve(s, e);
        expect(replayWith(evolve, [], tour.initialTourState, stamped).state).toEqual(s);
      }),
    );
  });
  it('property: invariants hold after every event of a random sequence', () => {
    fc.assert(
      fc.property(fc.array(eventArb, { maxLength: 40 }), (events) => {
        expect(
          replayWith(evolve, tour.tourInvariants, tour.initialTourState, stampAll(events)).violation,
        ).toBeNull();
      }),
    );
  });
});

describe('who is offered the tour (spec §3 "status (3 = new user), guide_status")', () => {
  it('only a new user whose guide status is not yet seen', () => {
    expect(tour.shouldOfferTour(3, 0)).toBe(true);
    expect(tour.shouldOfferTour(3, 1)).toBe(false);
    expect(tour.shouldOfferTour(1, 0)).toBe(false);
    expect(tour.guideStatusAfter({ status: 'done' })).toBe(1);
    expect(tour.guideStatusAfter({ status: 'closed' })).toBe(1);
    expect(tour.guideStatusAfter({ status: 'running' })).toBeNull();
    expect(tour.NEW_USER_TOUR_STEPS).toEqual(['create', 'explore', 'queue', 'coins', 'account']);
  });
});
