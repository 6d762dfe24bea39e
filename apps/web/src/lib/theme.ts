import {
  createTheme,
  darken,
  defaultVariantColorsResolver,
  lighten,
  luminance,
  parseThemeColor,
  toRgba,
  type CSSVariablesResolver,
  type MantineColor,
  type VariantColorsResolver,
} from '@mantine/core';
import { i18n } from './i18n';
import classes from './theme.module.css';

/**
 * Text colour of each palette on a light background (WCAG 2.2 AA, 4.5:1; docs/accessibility.md):
 * the palette's shade 9, darkened with Mantine's `darken` just enough to reach 4.5:1 on the
 * palette's shade 2 (the light variant's hover) and on gray.1. Mantine's own choice, shade 9 on
 * shade 1 for a light badge and the primary shade for text, is 2.7 to 4.3:1 for yellow, orange,
 * green, teal and lime. theme.test.ts checks every ratio.
 */
export const READABLE_TEXT = {
  gray: '#212529',
  red: '#ab2424',
  pink: '#a61e4d',
  grape: '#862e9c',
  violet: '#5a3aba',
  indigo: '#3147b3',
  blue: '#165a9a',
  cyan: '#0a6778',
  teal: '#077252',
  green: '#226e32',
  lime: '#4a760a',
  yellow: '#a15300',
  orange: '#ae3a0c',
} as const satisfies Partial<Record<MantineColor, string>>;

/**
 * Palettes whose primary shade (8) carries white text below 4.5:1 (teal 3.95, orange 3.58, green 3.45):
 * a filled button or badge of theirs takes the readable text colour as its background instead.
 */
const DARK_FILL: ReadonlyArray<keyof typeof READABLE_TEXT> = ['cyan', 'teal', 'green', 'lime', 'yellow', 'orange'];

/** Secondary text: between gray.6 (3.3:1 on white) and gray.7; 5.8:1 on white, 5.2:1 on gray.1. */
export const DIMMED = '#5f666d';

/**
 * Secondary text in the dark scheme: Mantine's dark.2 (#828282) is 4.0:1 on the page (dark.7) and
 * 3.5:1 on a table row's hover (dark.6); this is 6.0:1 and 5.0:1 on dark.5 (a default button).
 */
export const DIMMED_DARK = '#adadad';

/** Field errors in the dark scheme: red.4 (Mantine's red.8 is 3.0:1 on an input); 4.9:1 on dark.5. */
export const ERROR_DARK = '#ff8787';

/**
 * The dark scheme's page (dark.7) and the surfaces text sits on: dark.6 (inputs, default buttons),
 * dark.5 (a table row or default button under the pointer) and dark.8 (the header).
 */
export const DARK_SURFACES = ['#242424', '#2e2e2e', '#3b3b3b', '#1f1f1f'] as const;

/** Shade 8 of indigo: 5.7:1 on white and 5.1:1 on gray.1 (shade 6, Mantine's default, is 4.3:1). */
const PRIMARY_SHADE = 8;

/**
 * The light scheme's text and fills; in the dark one Mantine's fills pass (shade 8 under white), while
 * dimmed text, field errors and the text of three palettes (on a hovered row) need their own.
 * Everything is a CSS variable, so components written with `c="dimmed"`, `color="teal"` or
 * `variant="light"` follow without a change.
 */
export const cssVariablesResolver: CSSVariablesResolver = (resolved) => {
  const light: Record<string, string> = {
    '--mantine-color-dimmed': DIMMED,
    // Placeholders are text too (gray.5 is 2.1:1); they stay lighter than typed text, not unreadable.
    '--mantine-color-placeholder': DIMMED,
    // Field error messages and borders (red.6 is 3.3:1).
    '--mantine-color-error': READABLE_TEXT.red,
  };
  for (const [color, text] of Object.entries(READABLE_TEXT)) {
    light[`--mantine-color-${color}-text`] = text;
    light[`--mantine-color-${color}-light-color`] = text;
    light[`--mantine-color-${color}-outline`] = text;
  }
  for (const color of DARK_FILL) {
    light[`--mantine-color-${color}-filled`] = READABLE_TEXT[color];
    light[`--mantine-color-${color}-filled-hover`] = darken(READABLE_TEXT[color], 0.15);
  }
  const dark: Record<string, string> = {
    '--mantine-color-dimmed': DIMMED_DARK,
    '--mantine-color-placeholder': DIMMED_DARK,
    '--mantine-color-error': ERROR_DARK,
  };
  // Mantine's dark text, links and outlines are shade 4: indigo (3.8:1), violet and grape fall below
  // 4.5:1 on a hovered row (dark.5); lightened just enough, the others stay as Mantine has them.
  for (const color of Object.keys(READABLE_TEXT)) {
    const shade = resolved.colors[color]![4]!;
    const text = readableOn(shade, DARK_SURFACES, 'lighter');
    if (text === shade) continue;
    dark[`--mantine-color-${color}-text`] = text;
    dark[`--mantine-color-${color}-outline`] = text;
  }
  dark['--mantine-color-anchor'] = `var(--mantine-color-${resolved.primaryColor}-text)`;
  return { variables: {}, light, dark };
};

const AA = 4.5;

function contrast(a: string, b: string): number {
  const [x, y] = [luminance(a), luminance(b)];
  return (Math.max(x, y) + 0.05) / (Math.min(x, y) + 0.05);
}

/**
 * `color` darkened (or, on a dark background, lightened) step by step with Mantine's helpers until
 * it reads at 4.5:1 on every one of `backgrounds`.
 */
export function readableOn(color: string, backgrounds: readonly string[], towards: 'darker' | 'lighter'): string {
  const shift = towards === 'darker' ? darken : lighten;
  const reads = (candidate: string) => backgrounds.every((background) => contrast(candidate, background) >= AA);
  let result = color;
  for (let amount = 0.05; !reads(result) && amount < 1; amount += 0.05) result = shift(color, amount);
  return result;
}

/** What `rgba(color, share)` looks like over `base`: the light variant's background. */
function tintOn(base: string, color: string, share: number): string {
  const over = toRgba(base);
  const { r, g, b } = toRgba(color);
  const mix = (under: number, channel: number) => Math.round(under + (channel - under) * share);
  return `rgb(${mix(over.r, r)}, ${mix(over.g, g)}, ${mix(over.b, b)})`;
}

/** Mantine's light variant of a colour that is not a palette: `rgba(color, 0.1)`, 0.12 on hover. */
const LIGHT_VARIANT_SHARE = 0.12;
const WHITE = '#ffffff';
const dataColors = new Map<string, ReturnType<VariantColorsResolver>>();

/**
 * Colours that are data rather than theme palettes (a service's or a tag group's colour, chosen by
 * an admin) get the same 4.5:1 as the palettes in both schemes: a filled one keeps white text on the
 * colour darkened as far as that needs (the same in both schemes: the fill is its own background);
 * light, outline, subtle and transparent variants take the colour darkened until it reads on white
 * and its light tint, and lightened until it reads on the dark surfaces and its tint over them.
 */
const variantColorResolver: VariantColorsResolver = (input) => {
  const result = defaultVariantColorsResolver(input);
  const parsed = parseThemeColor({ color: input.color, theme: input.theme });
  if (parsed.isThemeColor || !parsed.value || parsed.value.startsWith('var(')) return result;
  const key = `${input.variant}:${parsed.value}`;
  const known = dataColors.get(key);
  if (known) return known;
  const color = parsed.value;
  const text = () =>
    `light-dark(${readableOn(color, [WHITE, tintOn(WHITE, color, LIGHT_VARIANT_SHARE)], 'darker')}, ${readableOn(
      color,
      DARK_SURFACES.flatMap((surface) => [surface, tintOn(surface, color, LIGHT_VARIANT_SHARE)]),
      'lighter',
    )})`;
  let adjusted = result;
  if (input.variant === 'filled') {
    const background = readableOn(color, [WHITE], 'darker');
    adjusted = { ...result, background, hover: darken(background, 0.1) };
  } else if (input.variant === 'light') {
    adjusted = { ...result, color: text() };
  } else if (['outline', 'subtle', 'transparent'].includes(input.variant)) {
    const readable = text();
    adjusted = {
      ...result,
      color: readable,
      border: input.variant === 'outline' ? `1px solid ${readable}` : result.border,
    };
  }
  dataColors.set(key, adjusted);
  return adjusted;
};

/** Calm and plain: one primary colour, system fonts (nothing to download before the first paint). */
export const theme = createTheme({
  primaryColor: 'indigo',
  primaryShade: { light: PRIMARY_SHADE, dark: 8 },
  defaultRadius: 'md',
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  headings: { fontWeight: '600' },
  // A person who asked their system for less motion (WCAG 2.3.3) gets dialogs, menus and drawers
  // that appear without animating.
  respectReducedMotion: true,
  variantColorResolver,
  components: {
    // A spinner tells a screen reader what is loading through its aria-label (most of the app's
    // have one), which ARIA allows only on an element with a role: a status, announced politely.
    Loader: { defaultProps: { role: 'status' } },
    // A select's list (Mantine keeps it mounted, hidden, while closed) is placed once at mount while
    // it has no width: centred under its field, its left edge at the field's middle. Opening it lays
    // it out there, field-wide, for one layout before it is placed again, reaching past the right
    // edge of a phone's screen; a phone's browser then widens the layout viewport to fit (taller too,
    // in proportion), which on a short page scrolls it to the top, and the list hides as its field is
    // out of view (docs/phones.md). Aligned to the field's start, the list is where it ends up from the
    // first layout: it is as wide as its field, so it sits exactly where the centred one did.
    Combobox: { defaultProps: { position: 'bottom-start' } },
    // A menu opens with its first item focused, the WAI-ARIA menu button pattern, instead of on Mantine's
    // hidden focus placeholder: a `role="presentation"` child of `role="menu"`, which ARIA does not
    // allow (axe: aria-required-children, critical). Items hovered in the dark scheme sit on dark.5,
    // not dark.4, where dimmed and red text fell below 4.5:1 (theme.module.css).
    Menu: { classNames: { dropdown: classes.menuDropdown }, defaultProps: { withInitialFocusPlaceholder: false } },
    // Spec 01 section 9: modals are at most 600 px wide unless a screen says otherwise; on a phone
    // they take the whole screen (theme.module.css). The close (X) button needs a name screen
    // readers can announce.
    Modal: {
      classNames: { root: classes.modalRoot, content: classes.modalContent, inner: classes.modalInner },
      defaultProps: { size: 600, closeButtonProps: { 'aria-label': i18n.t('common.actions.close') } },
    },
  },
});
