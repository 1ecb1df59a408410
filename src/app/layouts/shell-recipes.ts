import { menuSlotRecipe, tableSlotRecipe, tooltipSlotRecipe } from '@chakra-ui/react/theme';
import { registerRecipes } from '../theme';

/**
 * Recipes only the authenticated shell and its screens use (dropdown menus, tooltips, tables):
 * registered when the shell's chunk loads, so they stay out of /login's JS (see registerRecipes).
 */
registerRecipes({ slotRecipes: { menu: menuSlotRecipe, tooltip: tooltipSlotRecipe, table: tableSlotRecipe } });
