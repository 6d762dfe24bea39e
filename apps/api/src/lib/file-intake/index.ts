/**
 * File intake: how a file sent in a multipart request becomes a stored blob (or a refusal), the same
 * for every route that takes files. See docs/architecture.md (lib) and DESIGN.md section 6.
 */
export * from './content-sniffing.js';
export * from './intake.js';
export * from './multipart.js';
export * from './picture.js';
