import type { Page } from 'playwright-core';
import { expect } from 'vitest';

/** What the keyboard's focus shows: the focused element, and its ring's width and contrast with what is behind it. */
export type FocusRing = { element: string; width: number; contrast: number } | { element: string; ring: 'none' };

/**
 * The focused element's ring: an outline or a solid box-shadow on it or on the control it is part
 * of (a checkbox's hidden input marks its box; a field's input, its 2 px border), with the
 * contrast (WCAG's ratio) of its colour against the colours on either side of it.
 */
export function focusRingOf(page: Page): Promise<FocusRing> {
  return page.evaluate(() => {
    type Rgba = [number, number, number, number];
    const parse = (colour: string): Rgba | null => {
      const parts = /rgba?\(([^)]+)\)/
        .exec(colour)?.[1]
        ?.split(/[\s,/]+/)
        .filter(Boolean)
        .map(Number);
      if (!parts || parts.length < 3) return null;
      return [parts[0] ?? 0, parts[1] ?? 0, parts[2] ?? 0, parts[3] ?? 1];
    };
    /** The colour seen behind an element: its own background over its ancestors', down to white. */
    const backgroundOf = (element: Element | null): Rgba => {
      const layers: Rgba[] = [];
      for (let at = element; at; at = at.parentElement) {
        const colour = parse(getComputedStyle(at).backgroundColor);
        if (colour && colour[3] > 0) layers.push(colour);
        if (colour && colour[3] >= 1) break;
      }
      return layers.reduceRight<Rgba>(
        (below, [r, g, b, a]) => [
          r * a + below[0] * (1 - a),
          g * a + below[1] * (1 - a),
          b * a + below[2] * (1 - a),
          1,
        ],
        [255, 255, 255, 1],
      );
    };
    const luminance = ([r, g, b]: Rgba) => {
      const channel = (value: number) => {
        const c = value / 255;
        return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
      };
      return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
    };
    const contrast = (one: Rgba, other: Rgba) => {
      const [light, dark] = [luminance(one), luminance(other)].sort((a, b) => b - a);
      return ((light ?? 0) + 0.05) / ((dark ?? 0) + 0.05);
    };
    /** A ring colour against what is on each side of it: the worse of the two contrasts. */
    const ringContrast = (colour: Rgba, inside: Element | null, outside: Element | null) => {
      const over = (behind: Rgba): Rgba => [
        colour[0] * colour[3] + behind[0] * (1 - colour[3]),
        colour[1] * colour[3] + behind[1] * (1 - colour[3]),
        colour[2] * colour[3] + behind[2] * (1 - colour[3]),
        1,
      ];
      const sides = [backgroundOf(inside), backgroundOf(outside)];
      return Math.min(...sides.map((side) => contrast(over(side), side)));
    };

    const active = document.activeElement;
    const name = (element: Element) =>
      `${element.tagName.toLowerCase()}${element.getAttribute('role') ? `[role=${element.getAttribute('role')}]` : ''} "${(element.getAttribute('aria-label') ?? element.textContent ?? '').trim().slice(0, 50)}" on ${location.pathname}`;
    if (!active || active === document.body) return { element: 'body', ring: 'none' as const };
    const candidates = [active, active.closest('.MuiButtonBase-root'), active.closest('.MuiInputBase-root')];
    for (const element of candidates) {
      if (!element) continue;
      const style = getComputedStyle(element);
      const outline = parse(style.outlineColor);
      const width = Number.parseFloat(style.outlineWidth);
      if (style.outlineStyle !== 'none' && width >= 2 && outline) {
        // Inside the element (a negative offset), the element is on both sides of the ring; away
        // from it (a positive offset), what the element sits on; touching it, one of each.
        const offset = Number.parseFloat(style.outlineOffset);
        const inside = offset > 0 ? element.parentElement : element;
        const outside = offset + width <= 0 ? element : element.parentElement;
        return { element: name(active), width, contrast: ringContrast(outline, inside, outside) };
      }
      // A solid shadow (no blur) of at least 2 px spread, e.g. '0 0 0 2px rgb(…)'.
      for (const shadow of style.boxShadow.matchAll(
        /(rgba?\([^)]+\)) (-?[\d.]+)px (-?[\d.]+)px ([\d.]+)px ([\d.]+)px( inset)?/g,
      )) {
        const [, colour, , , blur, spread, inset] = shadow;
        const parsed = parse(colour ?? '');
        if (parsed && Number(blur) === 0 && Number(spread) >= 2) {
          const outside = inset ? element : element.parentElement;
          return { element: name(active), width: Number(spread), contrast: ringContrast(parsed, element, outside) };
        }
      }
    }
    // An outlined field: its border, 2 px on focus.
    const field = active.closest('.MuiOutlinedInput-root');
    const border = field?.querySelector('.MuiOutlinedInput-notchedOutline');
    if (field && border) {
      const style = getComputedStyle(border);
      const width = Number.parseFloat(style.borderTopWidth);
      const colour = parse(style.borderTopColor);
      if (width >= 2 && colour) {
        return { element: name(active), width, contrast: ringContrast(colour, field, field.parentElement) };
      }
    }
    return { element: name(active), ring: 'none' as const };
  });
}

/**
 * Presses Tab `presses` times from where the focus is, and expects each control it reaches to show
 * a ring of at least 2 px at 3:1 or more against its background (WCAG 2.4.7 and 1.4.11).
 */
export async function expectFocusRingsAlongTab(page: Page, presses: number) {
  const seen: FocusRing[] = [];
  for (let press = 0; press < presses; press += 1) {
    await page.keyboard.press('Tab');
    // Past the transitions of the control's own focus look.
    await page.waitForTimeout(50);
    const ring = await focusRingOf(page);
    seen.push(ring);
    if (ring.element === 'body') break;
  }
  // Past the page's last control the focus leaves for the browser's own (the page's body).
  const missing = seen.filter(
    (ring) => ring.element !== 'body' && (!('width' in ring) || ring.width < 2 || ring.contrast < 3),
  );
  expect(missing, `focus rings: ${JSON.stringify(seen, null, 1)}`).toEqual([]);
  return seen;
}
