import { useLayoutEffect, type RefObject } from 'react';

/**
 * A table's row buttons and one-line cells stay on one line while the table fits its scroll area; when a
 * page's values make it wider (a longer name, a 已停用 badge, one more button on a locked row), the area is
 * marked `data-squeezed`: its 操作 cells wrap their buttons and its one-line cells wrap between words, so the
 * columns narrow instead of the list scrolling sideways. Measured unsqueezed each time the area or the table
 * changes size (the rows, the language, the window), so a page that fits again is one-line again.
 */
export function useSqueezedTable(areaRef: RefObject<HTMLElement | null>, enabled: boolean, rows: unknown): void {
  useLayoutEffect(() => {
    const area = areaRef.current;
    if (!area || !enabled) return;
    const fit = () => {
      area.removeAttribute('data-squeezed');
      if (area.scrollWidth > area.clientWidth + 1) area.setAttribute('data-squeezed', '');
    };
    fit();
    if (typeof ResizeObserver === 'undefined') return () => area.removeAttribute('data-squeezed');
    // a frame later: changing the table's size inside the observer's callback would be a resize loop
    let frame = 0;
    const observer = new ResizeObserver(() => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(fit);
    });
    observer.observe(area);
    const table = area.querySelector('table');
    if (table) observer.observe(table);
    return () => {
      cancelAnimationFrame(frame);
      observer.disconnect();
    };
  }, [areaRef, enabled, rows]);
}

/**
 * The scroll area's rules: a squeezed table's 操作 cells (`data-pin`) wrap their buttons, and its one-line
 * (`nowrap`) cells wrap between words like the others (a long class or person name).
 */
export const squeezedTableCss = {
  '&[data-squeezed] td[data-pin] > div': { flexWrap: 'wrap' },
  '&[data-squeezed] td[data-nowrap]:not([data-pin])': { whiteSpace: 'normal' },
} as const;
