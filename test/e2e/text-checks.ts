import type { Page } from 'playwright-core';

/** What a screen shows that no catalog wrote: data the test made (names, places, e-mails) and codes. */
export interface ShownData {
  /** Strings the test or the service put on screen as data: travelers, packages, hotels, profiles. */
  words: string[];
}

/**
 * Visible text nodes with a Latin letter the pseudo-locale did not write: in the pseudo-locale every
 * message and every formatted date, number and amount is accented, so a plain letter is English that
 * skipped the catalogs, unless it is data (a name, a reference, a code) or inside translate="no".
 */
export function unaccentedText(page: Page, data: ShownData): Promise<string[]> {
  return page.evaluate(({ words }) => {
    const found: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    // Longest first, so "Hotel Alfama Palace" goes before "Alfama"; only words with a letter (an age such as
    // "52", taken out of "PKD55267LZ", would leave "LZ" behind).
    const known = words.filter((word) => /[A-Za-z]/.test(word)).sort((a, b) => b.length - a.length);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent ?? '';
      if (!/[A-Za-z]/.test(text)) continue;
      const element = node.parentElement;
      // A calendar's month and day names are the language's calendar (dayjs), not a catalog's.
      if (
        !element ||
        element.closest('[translate="no"], script, style, [aria-hidden="true"], [class*="-calendarHeaderLevel"], [class*="-weekday"]')
      )
        continue;
      if (!element.checkVisibility({ checkOpacity: true, checkVisibilityCSS: true })) continue;
      const rect = element.getBoundingClientRect();
      if (rect.width === 0 || rect.height === 0) continue;
      let rest = text;
      for (const word of known) rest = rest.split(word).join(' ');
      rest = rest
        .replace(/\bhttps?:\/\/\S+/g, ' ') // addresses: a service's, a payment link
        .replace(/\b[\w.+-]+@[\w-]+(\.[\w-]+)+\b/g, ' ') // e-mail addresses
        .replace(/\+[A-Z]\b/g, ' ') // a shortcut's letter after its modifier (Ctrl+L)
        .replace(/\b(PKD|PD|PB)[-A-Z0-9]*\b/g, ' ') // Packdesk's and the service's references
        .replace(/\b[A-Z]{3}\b/g, ' ') // currency codes
        .replace(/^\s*[A-Z,.?]\s*$/g, ' '); // a shortcut's key
      if (/[A-Za-z]/.test(rest)) found.push(text.trim());
    }
    return [...new Set(found)];
  }, data);
}

/**
 * Text a box cuts off or lets spill out: an element with text of its own wider than its box
 * (scrollWidth beyond clientWidth), such as a button whose label no longer fits. A cell of a dense list
 * that ends its text with an ellipsis on purpose, the whole text in its title, is not cut off.
 */
export function overflowingText(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const found: string[] = [];
    for (const element of Array.from(document.body.querySelectorAll<HTMLElement>('*'))) {
      const ownText = Array.from(element.childNodes).some(
        (child) => child.nodeType === Node.TEXT_NODE && /\S/.test(child.textContent ?? ''),
      );
      if (!ownText || element.clientWidth === 0) continue;
      if (!element.checkVisibility({ checkOpacity: true, checkVisibilityCSS: true })) continue;
      const style = getComputedStyle(element);
      if (style.textOverflow === 'ellipsis' && element.title === element.textContent.trim()) continue;
      if (element.scrollWidth > element.clientWidth + 1)
        found.push(`${element.tagName.toLowerCase()}: ${element.textContent.trim().slice(0, 80)}`);
    }
    return found;
  });
}
