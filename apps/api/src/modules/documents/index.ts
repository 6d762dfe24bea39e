// Public entry: other modules import this module only from here (lint rule in eslint.config.js).
export {
  contentDisposition,
  INLINE_PREVIEW_TYPES,
  PDF_PREVIEW_CSP,
  PREVIEW_CSP,
  SAFE_FILE_HEADERS,
  safeFileName,
} from './file-headers.js';
export { createDocumentUploads, documentMultipartOptions } from './document-upload.module.js';
export { uploadRefusals } from './document-upload.service.js';
export type { DocumentUploadService, PresetFiling, UploadLimits } from './document-upload.service.js';
