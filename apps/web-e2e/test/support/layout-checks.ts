import type { Locator, Page } from 'playwright-core';

/** A box on the page in CSS pixels. */
export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** True when two boxes share any area (touching edges do not count). */
export function overlaps(a: Box, b: Box): boolean {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

/** The visible boxes of every element `locator` matches (hidden ones left out). */
export async function boxes(locator: Locator): Promise<Box[]> {
  const out: Box[] = [];
  for (const el of await locator.all()) {
    if (!(await el.isVisible())) continue;
    const box = await el.boundingBox();
    if (box) out.push(box);
  }
  return out;
}

/** Whether `locator`'s element lies inside the viewport, above the sticky question bar (`.ask`). */
function inView(locator: Locator): Promise<boolean> {
  return locator.evaluate((el) => {
    const r = el.getBoundingClientRect();
    const bar = document.querySelector('.ask')?.getBoundingClientRect();
    const bottom = bar ? bar.top : window.innerHeight;
    return r.height > 0 && r.top >= 0 && r.bottom <= bottom;
  });
}

/**
 * True when `locator`'s element lies inside the viewport, above the sticky question bar (`.ask`): what a person
 * sees without scrolling. Waits up to `timeoutMs` for a smooth scroll to settle.
 */
export async function waitInView(page: Page, locator: Locator, timeoutMs = 5000): Promise<boolean> {
  return waitFor(page, async () => inView(locator), timeoutMs);
}

/**
 * True when `locator`'s element has left the viewport (scrolled away above or below the question bar). Waits up to
 * `timeoutMs` for a smooth scroll to carry it out; false when it is still in view then.
 */
export async function waitOutOfView(page: Page, locator: Locator, timeoutMs = 5000): Promise<boolean> {
  return waitFor(page, async () => !(await inView(locator)), timeoutMs);
}

/** Polls `check` every 100 ms until it holds or `timeoutMs` passed; answers its last value. */
async function waitFor(page: Page, check: () => Promise<boolean>, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const holds = await check();
    if (holds || Date.now() > deadline) return holds;
    await page.waitForTimeout(100);
  }
}

/**
 * The text of the elements matching `selector` whose content does not fit: wider than their box (scrollWidth >
 * clientWidth), or taller (scrollHeight > clientHeight) while their overflow hides it, or (SVG text) whose box
 * reaches outside their <svg>. Empty when everything fits.
 */
export async function clippedTexts(page: Page, selector: string): Promise<string[]> {
  return page.evaluate((sel) => {
    const cut: string[] = [];
    for (const el of Array.from(document.querySelectorAll(sel))) {
      if (el instanceof SVGGraphicsElement) {
        const svg = el.ownerSVGElement?.getBoundingClientRect();
        const r = el.getBoundingClientRect();
        if (
          svg &&
          (r.left < svg.left - 0.5 || r.right > svg.right + 0.5 || r.top < svg.top - 0.5 || r.bottom > svg.bottom + 0.5)
        )
          cut.push(el.textContent ?? '');
        continue;
      }
      const h = el as HTMLElement;
      if (h.offsetParent === null) continue;
      const style = getComputedStyle(h);
      const hides = (o: string) => o !== 'visible';
      if (h.scrollWidth > h.clientWidth + 1 || (hides(style.overflowY) && h.scrollHeight > h.clientHeight + 1))
        cut.push(h.textContent ?? '');
    }
    return cut;
  }, selector);
}
