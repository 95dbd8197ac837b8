import { useRef } from 'react';
import type { RefObject } from 'react';
import { useVirtualizer } from '@tanstack/react-virtual';

/** Chromium lays out nothing taller than about 33.5 million device pixels (8 million CSS pixels at 4× density): the list stays below. */
const MAX_SCROLL_HEIGHT = 4_000_000;
/** How long after the last scroll event the list counts as still. */
const SETTLE_MS = 150;

/**
 * TanStack Virtual over a scroll area that may stand for more rows than a browser can lay out. Up to
 * MAX_SCROLL_HEIGHT the scroll position is the rows' own; beyond it, it is scaled, so a million rows
 * still scroll end to end. Rows are placed with `rowTop`, and brought into view with `scrollToRow`.
 */
export function useScaledRows(options: { count: number; rowHeight: number; overscan: number; scroller: RefObject<HTMLDivElement | null> }) {
  const { count, rowHeight, overscan, scroller } = options;
  const contentHeight = count * rowHeight;
  const height = Math.min(contentHeight, MAX_SCROLL_HEIGHT);
  const viewport = scroller.current?.clientHeight ?? 0;
  /** Rows' pixels per scrolled pixel: 1 unless the rows are taller than the scroll area can be. */
  const scale = useRef(1);
  scale.current = contentHeight > height && height > viewport ? (contentHeight - viewport) / (height - viewport) : 1;

  const virtualizer = useVirtualizer({
    count,
    getScrollElement: () => scroller.current,
    estimateSize: () => rowHeight,
    overscan,
    // The virtualizer works in the rows' pixels; the scroll area reports its own, scaled here.
    observeElementOffset: (instance, report) => {
      const element = instance.scrollElement;
      if (!element) return;
      let settle: number | undefined;
      const onScroll = () => {
        report(element.scrollTop * scale.current, true);
        window.clearTimeout(settle);
        settle = window.setTimeout(() => report(element.scrollTop * scale.current, false), SETTLE_MS);
      };
      report(element.scrollTop * scale.current, false);
      element.addEventListener('scroll', onScroll, { passive: true });
      return () => {
        element.removeEventListener('scroll', onScroll);
        window.clearTimeout(settle);
      };
    },
  });

  const offset = virtualizer.scrollOffset ?? 0;
  return {
    height,
    rows: virtualizer.getVirtualItems(),
    /** Where a row starting at `start` (rows' pixels) sits in the scroll area. */
    rowTop: (start: number) => start - offset + offset / scale.current,
    /** Scrolls the least that shows the whole row `index`. */
    scrollToRow(index: number): void {
      const element = scroller.current;
      if (!element) return;
      const shownFrom = element.scrollTop * scale.current;
      const top = index * rowHeight;
      const bottom = top + rowHeight;
      if (top < shownFrom) element.scrollTop = top / scale.current;
      else if (bottom > shownFrom + element.clientHeight) element.scrollTop = (bottom - element.clientHeight) / scale.current;
    },
  };
}
