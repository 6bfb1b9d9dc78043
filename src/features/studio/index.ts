/** The studio: the tools' screens (routed pages) and the colour swatches other features may show. */
export { Palette } from './Palette';
