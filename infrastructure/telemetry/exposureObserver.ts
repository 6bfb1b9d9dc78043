/**
 * The browser's exposure adapter: an IntersectionObserver over every element marked
 * `data-expose-id` (with `data-expose-type`, `data-expose-page`, optional `data-expose-position`),
 * found as they mount by a MutationObserver. A card counts as seen when at least half of it has
 * been inside the viewport; each element reports once for as long as it stays mounted.
 */
import { Observable, share } from 'rxjs';
import type { ExposureSighting } from './deps';

const SELECTOR = '[data-expose-id]';
export const EXPOSURE_VISIBLE_RATIO = 0.5;

const sightingOf = (el: Element): ExposureSighting | null => {
  const d = (el as HTMLElement).dataset;
  const objType = Number(d['exposeType']);
  const position = d['exposePosition'] === undefined ? null : Number(d['exposePosition']);
  if (!d['exposeId'] || !Number.isInteger(objType)) return null;
  return {
    objId: d['exposeId'],
    objType,
    page: d['exposePage'] ?? window.location.pathname,
    position: position !== null && Number.isInteger(position) ? position : null,
  };
};

export const browserExposures$ = (root: Document): Observable<ExposureSighting> =>
  new Observable<ExposureSighting>((subscriber) => {
    if (typeof IntersectionObserver === 'undefined' || typeof MutationObserver === 'undefined') return;
    const seen = new WeakSet<Element>();
    const io = new IntersectionObserver(
      (entries) => {
        for (const e of entries) {
          if (!e.isIntersecting || e.intersectionRatio < EXPOSURE_VISIBLE_RATIO || seen.has(e.target))
            continue;
          seen.add(e.target);
          io.unobserve(e.target);
          const s = sightingOf(e.target);
          if (s !== null) subscriber.next(s);
        }
      },
      { threshold: [EXPOSURE_VISIBLE_RATIO] },
    );
    const watch = (node: Node) => {
      if (!(node instanceof Element)) return;
      if (node.matches(SELECTOR) && !seen.has(node)) io.observe(node);
      node.querySelectorAll(SELECTOR).forEach((el) => {
        if (!seen.has(el)) io.observe(el);
      });
    };
    const mo = new MutationObserver((records) => {
      for (const r of records) r.addedNodes.forEach(watch);
    });
    mo.observe(root.body, { childList: true, subtree: true });
    watch(root.body);
    return () => {
      mo.disconnect();
      io.disconnect();
    };
  }).pipe(share());
