/** Commands of the guided tour (spec §4: next, previous, close; done on the last step). */
import { defineCommand } from '../store/commands';

export const nextTourStep = defineCommand<{ readonly tourId: string }>()('tour/next');
export const previousTourStep = defineCommand<{ readonly tourId: string }>()('tour/previous');
export const closeTour = defineCommand<{ readonly tourId: string }>()('tour/close');
