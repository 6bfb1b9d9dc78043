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
