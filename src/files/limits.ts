// Bounds on what tplsync reads from disk: one template file is small, so anything
// larger is a mistake or an attack, and is reported rather than parsed.
export const MAX_FILE_BYTES = 1024 * 1024;
/** Alias nodes a template may resolve; YAML alias bombs expand far beyond this. */
export const MAX_ALIAS_COUNT = 100;
