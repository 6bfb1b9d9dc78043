/** The §8 notices on screen: toasts and the named dialogs. */
export { Dialogs } from './Dialogs';
export { Toasts } from './Toasts';
