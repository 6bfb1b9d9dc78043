/** Create: the generation form and what it starts from; the tool pages share its estimate and coin note. */
export { useEstimate, useTaskCount } from './useCreate';
export { CoinShortfallNote } from './CoinShortfallNote';
export { EstimateNote } from './EstimateNote';
