/** Create: the generation form and what it starts from; the tool pages share its estimate. */
export { useEstimate, useTaskCount } from './useCreate';
