import type { TourState } from './state.js';

export const selectTourStep = (s: TourState): number | null => (s.status === 'running' ? s.step : null);

export const selectIsLastStep = (s: TourState): boolean =>
  s.status === 'running' && s.step === s.totalSteps - 1;

export const selectCanGoBack = (s: TourState): boolean => s.status === 'running' && s.step > 0;

export const selectIsTourVisible = (s: TourState): boolean => s.status === 'running';
