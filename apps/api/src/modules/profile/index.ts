// Public entry: other modules import this module only from here (lint rule in eslint.config.js).
export { normalisePicture, resizePicture } from './profile-picture.images.js';
export type { PictureAnswer } from './profile.service.js';
