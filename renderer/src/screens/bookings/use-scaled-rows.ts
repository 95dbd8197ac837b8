import { useLayoutEffect, useState } from 'react';
import type { RefObject } from 'react';

/** Chromium lays out nothing taller than about 33.5 million device pixels (8 million CSS pixels at 4× density): the list stays below. */
const MAX_SCROLL_HEIGHT = 4_000_000;

/** What the scroll area shows: its scroll position and height, in its own pixels. */
interface View {
  scrollTop: number;
  height: number;
}

/** Rows' pixels per scrolled pixel: 1 unless the rows are taller than the scroll area can be. */
function scaleOf(contentHeight: number, areaHeight: number, viewHeight: number): number {
  return contentHeight > areaHeight && areaHeight > viewHeight ? (contentHeight - viewHeight) / (areaHeight - viewHeight) : 1;
}

/** The indexes from `first` to `last` on screen, with `overscan` more on each side, within the list. */
function rowRange(first: number, last: number, overscan: number, count: number): number[] {
  const from = Math.max(first - overscan, 0);
  const to = Math.min(last + overscan, count - 1);
  return Array.from({ length: Math.max(to - from + 1, 0) }, (_, step) => from + step);
}

/**
 * The rows of a fixed-height list that are on screen (with overscan), over a scroll
 * area that may stand for more rows than a browser can lay out: up to MAX_SCROLL_HEIGHT the scroll
 * position is the rows' own; beyond, it is scaled, so a million rows still scroll end to end. Nothing
 * is computed per row of the list (TanStack's Virtualizer measures every row, slow at a million, and
 * its range was all this used of it, so the few lines of `rowRange` replace the dependency).
 */
export function useScaledRows(options: { count: number; rowHeight: number; overscan: number; scroller: RefObject<HTMLDivElement | null> }) {
  const { count, rowHeight, overscan, scroller } = options;
  const [view, setView] = useState<View>({ scrollTop: 0, height: 0 });
  const contentHeight = count * rowHeight;
  const areaHeight = Math.min(contentHeight, MAX_SCROLL_HEIGHT);
  const scale = scaleOf(contentHeight, areaHeight, view.height);

  useLayoutEffect(() => {
    const element = scroller.current;
    if (!element) return;
    const look = () => {
      const next = { scrollTop: element.scrollTop, height: element.clientHeight };
      // Unscaled, rows sit where they are: a new scroll position matters only once it shows other rows.
      setView((shown) => {
        const unscaled = scaleOf(count * rowHeight, Math.min(count * rowHeight, MAX_SCROLL_HEIGHT), next.height) === 1;
        const sameRows =
          Math.floor(shown.scrollTop / rowHeight) === Math.floor(next.scrollTop / rowHeight) &&
          Math.ceil((shown.scrollTop + shown.height) / rowHeight) === Math.ceil((next.scrollTop + next.height) / rowHeight);
        return next.height === shown.height && (next.scrollTop === shown.scrollTop || (unscaled && sameRows)) ? shown : next;
      });
    };
    look();
    element.addEventListener('scroll', look, { passive: true });
    const resizes = new ResizeObserver(look);
    resizes.observe(element);
    return () => {
      element.removeEventListener('scroll', look);
      resizes.disconnect();
    };
  }, [scroller, count, rowHeight]);

  /** The rows' pixel at the top of the view. */
  const offset = view.scrollTop * scale;
  const last = count - 1;
  const rows =
    count === 0
      ? []
      : rowRange(
          Math.min(last, Math.floor(offset / rowHeight)),
          Math.min(last, Math.ceil((offset + view.height) / rowHeight) - 1),
          overscan,
          count,
        ).map((index) => ({ index, top: view.scrollTop + index * rowHeight - offset }));

  return {
    /** The scroll area's height. */
    height: areaHeight,
    /** The rows to draw, each with its place in the scroll area. */
    rows,
    /** Scrolls the least that shows the whole row `index`. */
    scrollToRow(index: number): void {
      const element = scroller.current;
      if (!element) return;
      const shownFrom = element.scrollTop * scale;
      const top = index * rowHeight;
      const bottom = top + rowHeight;
      if (top < shownFrom) element.scrollTop = top / scale;
      else if (bottom > shownFrom + element.clientHeight) element.scrollTop = (bottom - element.clientHeight) / scale;
    },
  };
}
