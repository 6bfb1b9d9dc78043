import { createSelector } from '../../../domain/kernel/memo.js';
import { selectTourOnScreen, tour, type RootState } from '../../../domain/index.js';
import { useAppSelector } from '../../../infrastructure/store/hooks';

export interface TourView {
  readonly tourId: string;
  readonly step: number;
  readonly totalSteps: number;
  readonly stepName: tour.NewUserTourStep;
  readonly isLast: boolean;
  readonly canGoBack: boolean;
}

const selectTourView = createSelector(
  [(s: RootState) => s.tour, selectTourOnScreen],
  (t, onScreen): TourView | null => {
    const step = tour.selectTourStep(t);
    if (step === null || !onScreen || t.status !== 'running' || t.tourId !== tour.NEW_USER_TOUR_ID)
      return null;
    return {
      tourId: t.tourId,
      step,
      totalSteps: t.totalSteps,
      stepName: tour.NEW_USER_TOUR_STEPS[step] ?? 'create',
      isLast: tour.selectIsLastStep(t),
      canGoBack: tour.selectCanGoBack(t),
    };
  },
);

export const useTour = (): TourView | null => useAppSelector(selectTourView);
