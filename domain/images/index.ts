/** Images is rules only: the variant ladder, formats and addresses the server and the views share (issue 22). */
export * from './rules.js';
