/**
 * 'auto', where every file starts: a PDF page as wide as the space allows up to AUTO_MAX_ZOOM (a
 * letter page fitted to a 1440 px screen reads at 170%, too big to take in), a picture whole and
 * never blown up past its actual size. 'fit': as wide as the space (a picture: whole). A number: that
 * share of the actual size.
 */
export type Zoom = 'auto' | 'fit' | number;

export const AUTO_MAX_ZOOM = 1.25;

/** The scale on screen for a zoom, given the scale at which the file would fill the space's width (or be whole). */
export function shownScale(zoom: Zoom, fitted: number, kind: 'pdf' | 'image'): number {
  if (typeof zoom === 'number') return zoom;
  if (kind === 'image') return Math.min(fitted, 1);
  return zoom === 'fit' ? fitted : Math.min(fitted, AUTO_MAX_ZOOM);
}

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
