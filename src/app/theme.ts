import { createSystem, defaultBaseConfig, defineConfig } from '@chakra-ui/react';
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
  menuSlotRecipe,
  nativeSelectSlotRecipe,
  popoverSlotRecipe,
  semanticTokens,
  separatorRecipe,
  skeletonRecipe,
  spinnerRecipe,
  tableSlotRecipe,
  textareaRecipe,
  textStyles,
  toastSlotRecipe,
  tokens,
  tooltipSlotRecipe,
} from '@chakra-ui/react/theme';

/**
 * Chakra's default theme, but with only the recipes the app uses: the full set of ~90 recipes
 * costs ~20 KiB gzipped on every page, /login included. Using a Chakra component whose recipe is
 * missing here renders it unstyled; theme.test.ts fails when that happens, so add the recipe below.
 * (Adding the shell's recipes only when its chunk loads was tried: Rolldown still placed them in
 * the entry chunk, and /login came out 1.4 KiB heavier than with them listed here.)
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
      // the shared widgets' popovers (selector, import button)
      popover: popoverSlotRecipe,
      menu: menuSlotRecipe,
      table: tableSlotRecipe,
      toast: toastSlotRecipe,
      tooltip: tooltipSlotRecipe,
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
          // the sidebar's current page: one step away from the text on brand.solid (darker under white
          // text, lighter under dark text: lib/themes.ts), so its text keeps ≥ 4.5:1 in every theme
          selected: { value: '{colors.brand.700}' },
        },
        // Chakra's light-mode defaults that fail WCAG AA (4.5:1) as text on white (axe, issue 18):
        // fg.subtle gray.400 2.6:1, fg.error red.500 3.8:1, fg.warning orange.600 3.6:1, fg.success
        // green.600 3.3:1; white on the solid green, orange, teal and cyan (badges, buttons) 3.3-3.7:1.
        fg: {
          subtle: { value: { _light: '{colors.gray.500}', _dark: '{colors.gray.500}' } },
          error: { value: { _light: '{colors.red.600}', _dark: '{colors.red.400}' } },
          warning: { value: { _light: '{colors.orange.700}', _dark: '{colors.orange.300}' } },
          success: { value: { _light: '{colors.green.700}', _dark: '{colors.green.300}' } },
        },
        green: { solid: { value: { _light: '{colors.green.700}', _dark: '{colors.green.600}' } } },
        orange: { solid: { value: { _light: '{colors.orange.700}', _dark: '{colors.orange.500}' } } },
        teal: { solid: { value: { _light: '{colors.teal.700}', _dark: '{colors.teal.600}' } } },
        cyan: { solid: { value: { _light: '{colors.cyan.700}', _dark: '{colors.cyan.600}' } } },
      },
    },
  },
  globalCss: {
    'html, body': { minHeight: '100%' },
  },
});

// createSystem merges its configs itself: merging them first cloned the whole theme twice (start-up time).
export const system = createSystem(defaultBaseConfig, base, brand);

