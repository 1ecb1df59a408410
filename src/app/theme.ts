import { createSystem, defaultBaseConfig, defineConfig, mergeConfigs, type SystemConfig } from '@chakra-ui/react';
import {
  alertSlotRecipe,
  animationStyles,
  avatarSlotRecipe,
  badgeRecipe,
  breakpoints,
  buttonRecipe,
  cardSlotRecipe,
  codeRecipe,
  collapsibleSlotRecipe,
  containerRecipe,
  cssVarsPrefix,
  cssVarsRoot,
  dialogSlotRecipe,
  drawerSlotRecipe,
  fieldSlotRecipe,
  globalCss,
  headingRecipe,
  iconRecipe,
  inputRecipe,
  keyframes,
  layerStyles,
  linkRecipe,
  nativeSelectSlotRecipe,
  popoverSlotRecipe,
  semanticTokens,
  separatorRecipe,
  skeletonRecipe,
  spinnerRecipe,
  textStyles,
  textareaRecipe,
  toastSlotRecipe,
  tokens,
} from '@chakra-ui/react/theme';

/**
 * Chakra's default theme, but with only the recipes the app uses: the full set of ~90 recipes
 * costs ~20 KiB gzipped on every page, /login included. Using a Chakra component whose recipe is
 * missing here renders it unstyled; theme.test.ts fails when that happens, so add the recipe below.
 */
const base = defineConfig({
  preflight: true,
  cssVarsPrefix,
  cssVarsRoot,
  globalCss,
  theme: {
    breakpoints,
    keyframes,
    tokens,
    semanticTokens,
    textStyles,
    layerStyles,
    animationStyles,
    recipes: {
      badge: badgeRecipe,
      button: buttonRecipe,
      code: codeRecipe,
      container: containerRecipe,
      heading: headingRecipe,
      icon: iconRecipe,
      input: inputRecipe,
      link: linkRecipe,
      separator: separatorRecipe,
      skeleton: skeletonRecipe,
      spinner: spinnerRecipe,
      textarea: textareaRecipe,
    },
    slotRecipes: {
      alert: alertSlotRecipe,
      avatar: avatarSlotRecipe,
      card: cardSlotRecipe,
      collapsible: collapsibleSlotRecipe,
      dialog: dialogSlotRecipe,
      drawer: drawerSlotRecipe,
      field: fieldSlotRecipe,
      nativeSelect: nativeSelectSlotRecipe,
      // the shared widgets' popovers (selector, import button); components/ cannot register recipes lazily
      popover: popoverSlotRecipe,
      toast: toastSlotRecipe,
    },
  },
});

/**
 * The default green theme (SPEC §2: #00693e) as the `brand` palette. Local tokens only, no CDN
 * stylesheet. The other six SPEC themes override these variables at run time (lib/themes.ts).
 */
const brand = defineConfig({
  theme: {
    tokens: {
      colors: {
        brand: {
          50: { value: '#e6f3ed' },
          100: { value: '#c0e2d2' },
          200: { value: '#8ccab0' },
          300: { value: '#55af89' },
          400: { value: '#259567' },
          500: { value: '#007d4b' },
          600: { value: '#00693e' },
          700: { value: '#005633' },
          800: { value: '#004328' },
          900: { value: '#002e1b' },
          950: { value: '#001c10' },
        },
      },
      fonts: {
        body: {
          value:
            "system-ui, -apple-system, 'Segoe UI', 'PingFang SC', 'Hiragino Sans GB', 'Microsoft YaHei', 'Noto Sans CJK SC', sans-serif",
        },
        heading: {
          value:
            "system-ui, -apple-system, 'Segoe UI', 'PingFang SC', 'Hiragino Sans GB', 'Microsoft YaHei', 'Noto Sans CJK SC', sans-serif",
        },
      },
    },
    semanticTokens: {
      colors: {
        brand: {
          solid: { value: '{colors.brand.600}' },
          contrast: { value: 'white' },
          fg: { value: { _light: '{colors.brand.700}', _dark: '{colors.brand.300}' } },
          muted: { value: { _light: '{colors.brand.100}', _dark: '{colors.brand.800}' } },
          subtle: { value: { _light: '{colors.brand.50}', _dark: '{colors.brand.900}' } },
          emphasized: { value: { _light: '{colors.brand.200}', _dark: '{colors.brand.700}' } },
          focusRing: { value: '{colors.brand.500}' },
        },
      },
    },
  },
  globalCss: {
    'html, body': { minHeight: '100%' },
  },
});

export const system = createSystem(mergeConfigs(defaultBaseConfig, base, brand));

type RecipeMap = NonNullable<NonNullable<SystemConfig['theme']>['recipes']>;
type SlotRecipeMap = NonNullable<NonNullable<SystemConfig['theme']>['slotRecipes']>;

/**
 * Adds recipes when the chunk that needs them loads, so /login does not carry the recipes of
 * screens behind it (its JS budget is 200 KiB gzipped). The system looks a recipe up by key in its
 * theme config on the first render that uses it (and caches it from then on), so registering at
 * module load of that chunk, before its first render, is enough. theme.test.ts checks the lookup
 * still behaves this way, so a Chakra upgrade that changes it fails a test instead of a screen.
 */
export function registerRecipes({ recipes, slotRecipes }: { recipes?: RecipeMap; slotRecipes?: SlotRecipeMap }): void {
  const theme = system._config.theme;
  if (!theme?.recipes || !theme.slotRecipes) throw new Error('the Chakra system has no recipe maps to extend');
  Object.assign(theme.recipes, recipes);
  Object.assign(theme.slotRecipes, slotRecipes);
}
