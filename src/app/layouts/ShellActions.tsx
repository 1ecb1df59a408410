import { Box, Button, IconButton, Menu, Portal, Text } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { useId, useState, useSyncExternalStore } from 'react';
import { ChevronDownIcon, LanguageIcon, MaximizeIcon, MinimizeIcon, PaletteIcon, RefreshIcon } from '../../components/icons';
import { Tooltip } from '../../components/Tooltip';
import { switchLocale } from '../../lib/i18n';
import { LOCALES, type Locale } from '../../lib/locale';
import { refreshMenusNow } from '../../lib/menu-refresh';
import { THEMES, type ThemeId } from '../../lib/themes';
import { TOAST_DURATION, toaster } from '../../lib/toaster';

/** Top-bar actions of SPEC §2 Shell: full screen, menu refresh, language select, theme picker. */

const LANGUAGE_NAMES: Record<Locale, string> = { zh: '中文', en: 'English' };

export const iconButtonProps = { variant: 'ghost', size: 'md', color: 'fg.muted' } as const;

function subscribeFullscreen(onChange: () => void) {
  document.addEventListener('fullscreenchange', onChange);
  return () => document.removeEventListener('fullscreenchange', onChange);
}
const isFullscreen = () => Boolean(document.fullscreenElement);

/** Full-screen toggle; where the browser cannot, says so ('you browser can not work', SPEC §8). */
export function FullscreenToggle() {
  const { t } = useLingui();
  const fullscreen = useSyncExternalStore(subscribeFullscreen, isFullscreen);
  const label = fullscreen ? t`退出全屏` : t`全屏`;
  return (
    <Tooltip content={label}>
      <IconButton
        {...iconButtonProps}
        aria-label={label}
        aria-pressed={fullscreen}
        onClick={async () => {
          if (!document.fullscreenEnabled || !document.documentElement.requestFullscreen) {
            toaster.create({ id: 'fullscreen-unsupported', type: 'warning', title: t`您的浏览器不支持全屏`, duration: TOAST_DURATION });
            return;
          }
          try {
            if (document.fullscreenElement) await document.exitFullscreen();
            else await document.documentElement.requestFullscreen();
          } catch {
            toaster.create({ id: 'fullscreen-unsupported', type: 'warning', title: t`您的浏览器不支持全屏`, duration: TOAST_DURATION });
          }
        }}
      >
        {fullscreen ? <MinimizeIcon /> : <MaximizeIcon />}
      </IconButton>
    </Tooltip>
  );
}

/** 刷新菜单: lib/menu-refresh.ts (the same piece 菜单管理 and 角色管理 use). */
export function RefreshMenusButton() {
  const { t } = useLingui();
  const [busy, setBusy] = useState(false);
  return (
    <Tooltip content={t`刷新菜单`}>
      <IconButton
        {...iconButtonProps}
        aria-label={t`刷新菜单`}
        loading={busy}
        onClick={async () => {
          setBusy(true);
          try {
            await refreshMenusNow();
          } catch {
            // the http module reported it (toast or expiry prompt)
          } finally {
            setBusy(false);
          }
        }}
      >
        <RefreshIcon />
      </IconButton>
    </Tooltip>
  );
}

/** Language select (zh, en): applied at once, kept in a cookie, confirmed with 切换语言成功. */
export function LanguageMenu() {
  const { t, i18n } = useLingui();
  const language = LANGUAGE_NAMES[i18n.locale as Locale] ?? i18n.locale;
  return (
    <Menu.Root positioning={{ placement: 'bottom-end' }}>
      <Menu.Trigger asChild>
        {/* the name starts with what the button shows (WCAG 2.5.3 label in name), then says what it does */}
        <Button variant="ghost" size="md" color="fg.muted" px="2" aria-label={t`${language}，切换语言`} data-testid="language-menu">
          <LanguageIcon />
          <Text as="span" fontSize="sm">
            {language}
          </Text>
          <ChevronDownIcon boxSize="3" />
        </Button>
      </Menu.Trigger>
      <Portal>
        <Menu.Positioner>
          <Menu.Content minW="32">
            <LanguageItems />
          </Menu.Content>
        </Menu.Positioner>
      </Portal>
    </Menu.Root>
  );
}

/** The two languages as radio items (also inside the user menu on narrow screens). */
export function LanguageItems() {
  const { i18n } = useLingui();
  return (
    <Menu.RadioItemGroup
      value={i18n.locale}
      onValueChange={({ value }) => {
        if (value !== i18n.locale) void switchLocale(value as Locale);
      }}
    >
      {LOCALES.map((locale) => (
        <Menu.RadioItem key={locale} value={locale} minH="10" lang={locale === 'en' ? 'en' : 'zh-CN'}>
          <Menu.ItemText>{LANGUAGE_NAMES[locale]}</Menu.ItemText>
          <Menu.ItemIndicator />
        </Menu.RadioItem>
      ))}
    </Menu.RadioItemGroup>
  );
}

export function useThemeNames(): Record<ThemeId, string> {
  const { t } = useLingui();
  return {
    green: t`绿色`,
    red: t`红色`,
    'teal-dark': t`墨绿`,
    blue: t`蓝色`,
    purple: t`紫色`,
    'dark-grey': t`深灰`,
    pink: t`粉色`,
  };
}

export interface ThemeChoice {
  theme: ThemeId;
  onThemeChange: (theme: ThemeId) => void;
}

/** The seven themes as radio items with their colour. */
export function ThemeItems({ theme, onThemeChange }: ThemeChoice) {
  const names = useThemeNames();
  return (
    <Menu.RadioItemGroup value={theme} onValueChange={({ value }) => onThemeChange(value as ThemeId)}>
      {THEMES.map(({ id, color }) => (
        <Menu.RadioItem key={id} value={id} minH="10" data-testid={`theme-${id}`}>
          <Box boxSize="4" borderRadius="full" bg={color} borderWidth="1px" borderColor="blackAlpha.300" flexShrink={0} />
          <Menu.ItemText>{names[id]}</Menu.ItemText>
          <Menu.ItemIndicator />
        </Menu.RadioItem>
      ))}
    </Menu.RadioItemGroup>
  );
}

/** Theme picker of the top bar. */
export function ThemeMenu(props: ThemeChoice) {
  const { t } = useLingui();
  const triggerId = useId();
  return (
    <Menu.Root positioning={{ placement: 'bottom-end' }} ids={{ trigger: triggerId }}>
      <Tooltip content={t`主题`} triggerId={triggerId}>
        <Menu.Trigger asChild>
          <IconButton {...iconButtonProps} aria-label={t`主题`} data-testid="theme-menu">
            <PaletteIcon />
          </IconButton>
        </Menu.Trigger>
      </Tooltip>
      <Portal>
        <Menu.Positioner>
          <Menu.Content minW="36">
            <ThemeItems {...props} />
          </Menu.Content>
        </Menu.Positioner>
      </Portal>
    </Menu.Root>
  );
}
