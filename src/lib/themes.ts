import { readCookie, writeCookie } from './cookies';

/**
 * The seven colour themes of SPEC §2 ("Themes"), applied from local tokens without any network
 * request (the SPEC's client fetched a stylesheet from a CDN; we deliberately do not).
 *
 * The Chakra system (app/theme.ts) defines the `brand` palette with the default green. Another
 * theme overrides the palette's CSS variables on <html>: every `brand.*` token and every
 * `colorPalette="brand"` component reads those variables, so a switch repaints at once.
 */
export const THEMES = [
  { id: 'green', color: '#00693e' },
  { id: 'red', color: '#5a0001' },
  { id: 'teal-dark', color: '#032a2f' },
  { id: 'blue', color: '#5c89ce' },
  { id: 'purple', color: '#841f68' },
  { id: 'dark-grey', color: '#3f4040' },
  { id: 'pink', color: '#f5878a' },
] as const;
export type ThemeId = (typeof THEMES)[number]['id'];
export const DEFAULT_THEME: ThemeId = 'green';
export const THEME_COOKIE = 'theme';
/** SPEC §9: the theme cookie lives 10 days. */
export const THEME_COOKIE_DAYS = 10;

/** Chakra's variable prefix (app/theme.ts keeps the default `chakra`; theme.test.ts checks they agree). */
const VAR_PREFIX = '--chakra-colors-brand';
const SHADES = ['50', '100', '200', '300', '400', '500', '600', '700', '800', '900', '950'] as const;
/** How much white (lighter shades) or black (darker shades) is mixed into the theme colour (shade 600). */
const MIX: Record<(typeof SHADES)[number], ['white' | 'black', number]> = {
  '50': ['white', 0.92],
  '100': ['white', 0.8],
  '200': ['white', 0.62],
  '300': ['white', 0.44],
  '400': ['white', 0.26],
  '500': ['white', 0.12],
  '600': ['white', 0],
  '700': ['black', 0.18],
  '800': ['black', 0.36],
  '900': ['black', 0.54],
  '950': ['black', 0.7],
};
const DARK_TEXT = '#1a1a1a';

export const isThemeId = (value: unknown): value is ThemeId => THEMES.some((theme) => theme.id === value);
export const themeColor = (id: ThemeId): string => THEMES.find((theme) => theme.id === id)!.color;

export function getStoredTheme(): ThemeId {
  const stored = readCookie(THEME_COOKIE);
  return isThemeId(stored) ? stored : DEFAULT_THEME;
}

type Rgb = [number, number, number];

const parseHex = (hex: string): Rgb => {
  const value = hex.replace('#', '');
  return [0, 2, 4].map((i) => parseInt(value.slice(i, i + 2), 16)) as Rgb;
};
const toHex = (rgb: Rgb): string => `#${rgb.map((c) => Math.round(c).toString(16).padStart(2, '0')).join('')}`;

function mix(hex: string, towards: 'white' | 'black', amount: number): string {
  const target = towards === 'white' ? 255 : 0;
  return toHex(parseHex(hex).map((c) => c + (target - c) * amount) as Rgb);
}

/** WCAG relative luminance and contrast ratio. */
function luminance(hex: string): number {
  const [r, g, b] = parseHex(hex).map((c) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}
export function contrastRatio(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
}

/**
 * The CSS variables a theme sets: the eleven shades around its colour (600 is the colour itself),
 * text on the colour (white unless dark text reads better, as on blue and pink) and brand text on
 * white (the first shade from 600 down with a 4.5:1 contrast).
 */
export function themeVariables(id: ThemeId): Record<string, string> {
  const color = themeColor(id);
  const vars: Record<string, string> = {};
  for (const shade of SHADES) {
    const [towards, amount] = MIX[shade];
    vars[`${VAR_PREFIX}-${shade}`] = amount === 0 ? color : mix(color, towards, amount);
  }
  const whiteText = contrastRatio(color, '#ffffff') >= contrastRatio(color, DARK_TEXT);
  vars[`${VAR_PREFIX}-contrast`] = whiteText ? 'white' : DARK_TEXT;
  // the sidebar's current page: a shade away from the text colour, so the text gains contrast
  vars[`${VAR_PREFIX}-selected`] = `var(${VAR_PREFIX}-${whiteText ? '700' : '300'})`;
  const fgShade = (['600', '700', '800', '900'] as const).find((shade) => contrastRatio(vars[`${VAR_PREFIX}-${shade}`], '#ffffff') >= 4.5);
  vars[`${VAR_PREFIX}-fg`] = `var(${VAR_PREFIX}-${fgShade ?? '950'})`;
  return vars;
}

/**
 * Paints the document in a theme. The default green is the system's own palette, so applying it
 * only removes the overrides.
 */
export function applyTheme(id: ThemeId, root: HTMLElement = document.documentElement): void {
  const vars = themeVariables(id);
  for (const name of Object.keys(vars)) root.style.removeProperty(name);
  if (id !== DEFAULT_THEME) for (const [name, value] of Object.entries(vars)) root.style.setProperty(name, value);
  root.dataset.theme = id;
  document.querySelector('meta[name="theme-color"]')?.setAttribute('content', themeColor(id));
}

/** The theme picker: paint, and remember for 10 days. */
export function switchTheme(id: ThemeId): void {
  applyTheme(id);
  writeCookie(THEME_COOKIE, id, THEME_COOKIE_DAYS);
}
