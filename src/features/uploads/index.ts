/** Uploads: one slot per form field, chunked and resumable (spec §4, §5). */
export { Uploader } from './Uploader';
