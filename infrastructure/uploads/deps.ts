/** Capabilities the uploads epics need, injected (reserved slot: filled by its own work item). */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface UploadsDeps {}
