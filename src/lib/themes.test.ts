import { afterEach, describe, expect, it, vi } from 'vitest';
import { applyTheme, contrastRatio, getStoredTheme, switchTheme, THEMES, themeVariables } from './themes';

const brand = (shade: string) => document.documentElement.style.getPropertyValue(`--chakra-colors-brand-${shade}`);

afterEach(() => {
  applyTheme('green');
  vi.restoreAllMocks();
});

describe('colour themes', () => {
  it('are the seven SPEC themes with their exact colours, green first (default)', () => {
    expect(THEMES.map((theme) => [theme.id, theme.color])).toEqual([
      ['green', '#00693e'],
      ['red', '#5a0001'],
      ['teal-dark', '#032a2f'],
      ['blue', '#5c89ce'],
      ['purple', '#841f68'],
      ['dark-grey', '#3f4040'],
      ['pink', '#f5878a'],
    ]);
    expect(getStoredTheme()).toBe('green');
  });

  it('paint the brand palette from local variables, and green removes the overrides', () => {
    applyTheme('red');
    expect(brand('600')).toBe('#5a0001');
    expect(document.documentElement.dataset.theme).toBe('red');
    applyTheme('green');
    expect(brand('600')).toBe('');
    expect(document.documentElement.dataset.theme).toBe('green');
  });

  it('keep text on the theme colour and brand text on white readable (4.5:1)', () => {
    for (const { id, color } of THEMES) {
      const vars = themeVariables(id);
      const onColour = vars['--chakra-colors-brand-contrast'] === 'white' ? '#ffffff' : vars['--chakra-colors-brand-contrast'];
      expect(contrastRatio(color, onColour), id).toBeGreaterThanOrEqual(4.5);
      const fgShade = /brand-(\d+)\)$/.exec(vars['--chakra-colors-brand-fg'])![1];
      expect(contrastRatio(vars[`--chakra-colors-brand-${fgShade}`], '#ffffff'), id).toBeGreaterThanOrEqual(4.5);
      // the sidebar's current page keeps the same text
      const selectedShade = /brand-(\d+)\)$/.exec(vars['--chakra-colors-brand-selected'])![1];
      expect(contrastRatio(vars[`--chakra-colors-brand-${selectedShade}`], onColour), id).toBeGreaterThanOrEqual(4.5);
    }
  });

  it('are remembered in the theme cookie for 10 days', () => {
    const setCookie = vi.spyOn(Document.prototype, 'cookie', 'set');
    switchTheme('pink');
    expect(setCookie).toHaveBeenCalledWith(expect.stringMatching(/^theme=pink; path=\/; SameSite=Lax; max-age=864000/));
    expect(getStoredTheme()).toBe('pink');
    expect(brand('600')).toBe('#f5878a');
  });

  it('keep <meta name="theme-color"> (the installed app title bar) in the active theme colour', () => {
    const meta = document.createElement('meta');
    meta.name = 'theme-color';
    meta.content = '#00693e';
    document.head.appendChild(meta);
    switchTheme('blue');
    expect(meta.content).toBe('#5c89ce');
    switchTheme('green');
    expect(meta.content).toBe('#00693e');
    meta.remove();
  });

  it('ignore an unknown stored value', () => {
    document.cookie = 'theme=neon; path=/';
    expect(getStoredTheme()).toBe('green');
  });
});
