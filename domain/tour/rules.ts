/** Spec §4 guided tour: next, previous, close; done on the last step; 400 ms step animation. */

export const TOUR_ANIMATION_MS = 400;

/** A tour needs at least one whole step; anything else cannot be shown. */
export const validStepCount = (totalSteps: number): number | null =>
  Number.isFinite(totalSteps) && Math.floor(totalSteps) >= 1 ? Math.floor(totalSteps) : null;

export type StepMove = { readonly kind: 'step'; readonly step: number } | { readonly kind: 'done' };

/** Next from the last step finishes the tour. */
export const nextStep = (step: number, totalSteps: number): StepMove =>
  step + 1 >= totalSteps ? { kind: 'done' } : { kind: 'step', step: step + 1 };

/** Previous never goes before the first step. */
export const previousStep = (step: number): number => Math.max(0, step - 1);

/** Spec §3: account status 3 is a new user. */
export const NEW_USER_STATUS = 3;
/** guide_status as the server keeps it: 0 not yet seen, 1 finished or closed. */
export const GUIDE_NOT_SEEN = 0;
export const GUIDE_SEEN = 1;

/** The new user's tour: one step per part of the shell a newcomer needs first, in this order. */
export const NEW_USER_TOUR_ID = 'newUser';
export const NEW_USER_TOUR_STEPS = ['create', 'explore', 'queue', 'coins', 'account'] as const;
export type NewUserTourStep = (typeof NEW_USER_TOUR_STEPS)[number];

/** The tour is offered once: to a new user (status 3) whose guide status is still 'not seen'. */
export const shouldOfferTour = (accountStatus: number, guideStatus: number): boolean =>
  accountStatus === NEW_USER_STATUS && guideStatus === GUIDE_NOT_SEEN;

/** Whatever ends a tour (done on the last step, or closed) means it is not offered again. */
export const guideStatusAfter = (state: { readonly status: string }): number | null =>
  state.status === 'done' || state.status === 'closed' ? GUIDE_SEEN : null;
