/** 'fit' follows the space on screen (the page's width for a PDF, the whole image for a picture). */
export type Zoom = 'fit' | number;

/** The steps Zoom in and Zoom out walk, as a share of the file's actual size. */
const ZOOM_STEPS = [0.25, 0.5, 0.75, 1, 1.25, 1.5, 2, 3, 4] as const;
export const MIN_ZOOM = ZOOM_STEPS[0];
export const MAX_ZOOM = ZOOM_STEPS[ZOOM_STEPS.length - 1]!;

/** Rounding slack, so a fit of 99.99% steps in to 125%, not to 100%. */
const EPSILON = 0.01;

/** The next step in from the scale on screen (which, fitted, is rarely a step itself). */
export function zoomIn(current: number): number {
  return ZOOM_STEPS.find((step) => step > current + EPSILON) ?? MAX_ZOOM;
}

export function zoomOut(current: number): number {
  return [...ZOOM_STEPS].reverse().find((step) => step < current - EPSILON) ?? MIN_ZOOM;
}

/** CSS pixels per PDF point at 100%: a point is 1/72 inch and a CSS pixel 1/96. */
export const PDF_POINT_TO_CSS_PX = 96 / 72;
