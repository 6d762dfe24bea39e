import { DEFAULT_THEME, mergeMantineTheme } from '@mantine/core';
import { describe, expect, it } from 'vitest';
import { DARK_SURFACES, DIMMED, DIMMED_DARK, ERROR_DARK, READABLE_TEXT, cssVariablesResolver, theme } from './theme';

/** WCAG 2.x relative luminance of `#rrggbb` or `rgba(r, g, b, 1)`. */
function luminance(color: string): number {
  const channels = color.startsWith('#')
    ? [1, 3, 5].map((i) => parseInt(color.slice(i, i + 2), 16))
    : (color.match(/[\d.]+/g) ?? []).slice(0, 3).map(Number);
  const [r, g, b] = channels.map((value) => {
    const c = value / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

function contrast(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

const { colors } = DEFAULT_THEME;
/** The theme as Mantine hands it to the resolvers: the defaults with ours merged in. */
const resolved = mergeMantineTheme(DEFAULT_THEME, theme);
const WHITE = '#ffffff';
const AA = 4.5;

describe('theme contrast (light scheme)', () => {
  it('gives dimmed text 4.5:1 on white and on the gray.0 and gray.1 backgrounds it sits on', () => {
    for (const background of [WHITE, colors.gray[0], colors.gray[1]]) {
      expect(contrast(DIMMED, background)).toBeGreaterThanOrEqual(AA);
    }
  });

  it("gives each palette's text 4.5:1 on white, gray.1 and its own light and light-hover backgrounds", () => {
    for (const [color, text] of Object.entries(READABLE_TEXT)) {
      const palette = colors[color]!;
      for (const background of [WHITE, colors.gray[1], palette[1], palette[2]]) {
        expect(contrast(text, background), `${color} on ${background}`).toBeGreaterThanOrEqual(AA);
      }
    }
  });

  it('gives white text 4.5:1 on every filled colour and its hover', () => {
    const light = cssVariablesResolver(resolved).light;
    const shade = typeof theme.primaryShade === 'object' ? theme.primaryShade.light! : 6;
    for (const color of Object.keys(READABLE_TEXT)) {
      const filled = light[`--mantine-color-${color}-filled`] ?? colors[color]![shade]!;
      const hover = light[`--mantine-color-${color}-filled-hover`] ?? colors[color]![Math.min(shade + 1, 9)]!;
      expect(contrast(WHITE, filled), `${color} filled`).toBeGreaterThanOrEqual(AA);
      expect(contrast(WHITE, hover), `${color} filled hover`).toBeGreaterThanOrEqual(AA);
    }
  });

  it('gives links and the primary colour 4.5:1 on white and gray.1', () => {
    const shade = typeof theme.primaryShade === 'object' ? theme.primaryShade.light! : 6;
    for (const background of [WHITE, colors.gray[1]]) {
      expect(contrast(colors.indigo[shade]!, background)).toBeGreaterThanOrEqual(AA);
    }
  });
});

describe('theme contrast (dark scheme)', () => {
  it('gives dimmed text 4.5:1 on the page, a row hover, the header and a default button', () => {
    const dark = cssVariablesResolver(resolved).dark;
    expect(dark['--mantine-color-dimmed']).toBe(DIMMED_DARK);
    for (const background of [...DARK_SURFACES, colors.dark[5]]) {
      expect(contrast(DIMMED_DARK, background), `dimmed on ${background}`).toBeGreaterThanOrEqual(AA);
    }
  });

  it('gives field errors 4.5:1 on the page, an input and a default button', () => {
    const dark = cssVariablesResolver(resolved).dark;
    expect(dark['--mantine-color-error']).toBe(ERROR_DARK);
    for (const background of [...DARK_SURFACES, colors.dark[5]]) {
      expect(contrast(ERROR_DARK, background), `error on ${background}`).toBeGreaterThanOrEqual(AA);
    }
  });
});

describe('theme contrast (dark scheme): text, links and outlines of every palette', () => {
  const dark = cssVariablesResolver(resolved).dark;
  /** A dark variable's colour: ours where the theme sets one, else Mantine's shade 4. */
  const darkText = (color: keyof typeof READABLE_TEXT) => dark[`--mantine-color-${color}-text`] ?? colors[color][4]!;

  it('reads at 4.5:1 on the page, an input, a hovered row and the header', () => {
    // dark.5 is the hovered row: Mantine's indigo.4 links were 3.8:1 there.
    expect(DARK_SURFACES).toContain(colors.dark[5]);
    for (const color of Object.keys(READABLE_TEXT) as Array<keyof typeof READABLE_TEXT>) {
      for (const background of DARK_SURFACES) {
        expect(contrast(darkText(color), background), `${color} on ${background}`).toBeGreaterThanOrEqual(AA);
      }
      expect(dark[`--mantine-color-${color}-outline`] ?? colors[color][4]).toBe(darkText(color));
    }
  });

  it('gives links the primary text colour, and changes only the palettes that needed it', () => {
    expect(dark['--mantine-color-anchor']).toBe('var(--mantine-color-indigo-text)');
    expect(
      Object.keys(dark)
        .filter((name) => name.endsWith('-text'))
        .toSorted(),
    ).toEqual(['--mantine-color-grape-text', '--mantine-color-indigo-text', '--mantine-color-violet-text']);
  });
});

/** `light-dark(a, b)` split into its two colours (each may be `rgba(…)` with commas of its own). */
function schemes(value: string): [string, string] {
  expect(value, value).toMatch(/^light-dark\(.+\)$/);
  const inner = value.slice('light-dark('.length, -1);
  let depth = 0;
  for (let index = 0; index < inner.length; index += 1) {
    if (inner[index] === '(') depth += 1;
    if (inner[index] === ')') depth -= 1;
    if (inner[index] === ',' && depth === 0) return [inner.slice(0, index).trim(), inner.slice(index + 1).trim()];
  }
  throw new Error(`no second colour in ${value}`);
}

/** Colours admins picked for services in the demo firm and in real ones: pale, mid and dark. */
const DATA_COLORS = ['#1e88e5', '#43a047', '#3949ab', '#f4511e', '#00897b', '#fdd835', '#8e24aa', '#212121'];

describe('colours that are data (a service or tag colour), in both schemes', () => {
  const resolve = (color: string, variant: string) =>
    theme.variantColorResolver!({ color, variant, theme: mergeMantineTheme(DEFAULT_THEME, theme) });

  it('keeps white text at 4.5:1 on a filled badge in both schemes', () => {
    for (const color of DATA_COLORS) {
      const { background } = resolve(color, 'filled');
      expect(contrast(WHITE, background), `${color} filled`).toBeGreaterThanOrEqual(AA);
    }
  });

  it('gives light and outline text 4.5:1 on white and on the dark surfaces, tinted as Mantine tints them', () => {
    for (const color of DATA_COLORS) {
      for (const variant of ['light', 'outline']) {
        const [light, dark] = schemes(resolve(color, variant).color);
        expect(contrast(light, WHITE), `${color} ${variant}, light`).toBeGreaterThanOrEqual(AA);
        for (const surface of DARK_SURFACES) {
          expect(contrast(dark, surface), `${color} ${variant}, dark on ${surface}`).toBeGreaterThanOrEqual(AA);
        }
      }
    }
  });

  it('leaves a theme palette to the CSS variables', () => {
    expect(resolve('teal', 'light').color).toBe('var(--mantine-color-teal-light-color)');
  });
});
