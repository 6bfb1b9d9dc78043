/** The popup queue's view (spec §4), mounted once by the shell. */
export { PopupHost } from './PopupHost';
