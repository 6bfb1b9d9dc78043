export { GuidedTour } from './GuidedTour';
