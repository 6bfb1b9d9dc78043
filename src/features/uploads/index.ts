/** Uploads: slots that take chosen, dropped or pasted files, chunked and resumable (spec §4, §5). */
export { UploadRow, Uploader } from './Uploader';
export { uploadFileView, useFieldUpload, useUploadGroup, type UploadFileView } from './useUpload';
