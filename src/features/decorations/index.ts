/** The decoration screens' public surface (the pages load through src/routes/decorations.ts). */
export { DecorationArt } from './DecorationCard';
