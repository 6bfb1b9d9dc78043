/**
 * Whether the header's areas show their names or only their icons. The names' widths depend on
 * the language (German and Japanese labels are half again as wide as English ones), so no media
 * query can tell: the header measures what its content needs and, when that is more than it has,
 * names the areas by icon (the name stays the link's accessible name and tooltip). It shows the
 * names again once the header is as wide as they needed, so it does not flip back and forth.
 */
import { useLayoutEffect, useRef, useState, type RefObject } from 'react';

/** How much wider than its box the content of `el` is (0 when it fits). */
const overflowOf = (el: Element | null): number => (el ? Math.max(0, el.scrollWidth - el.clientWidth) : 0);

export const useHeaderFit = (
  header: RefObject<HTMLElement | null>,
  tools: RefObject<HTMLElement | null>,
  /** Whatever changes the names' widths or the tools beside them (language, signed in). */
  key: string,
): boolean => {
  // Compact for one key only: another language or account renders the names again and measures.
  const [state, setState] = useState<{ readonly key: string; readonly compact: boolean }>({
    key,
    compact: false,
  });
  const compact = state.key === key && state.compact;
  const needed = useRef(Number.POSITIVE_INFINITY);

  useLayoutEffect(() => {
    const el = header.current;
    if (!el) return;
    const check = () => {
      const width = el.clientWidth;
      const over = Math.max(overflowOf(el), overflowOf(tools.current));
      setState((prev) => {
        const wasCompact = prev.key === key && prev.compact;
        if (!wasCompact && over > 0) {
          // The width at which the names fit: what the header has plus what it lacked.
          needed.current = width + over;
          return { key, compact: true };
        }
        if (wasCompact && width >= needed.current) return { key, compact: false };
        return prev.key === key ? prev : { key, compact: false };
      });
    };
    // The header follows the window; its children follow their content (names arriving in
    // another language, a coin balance appearing), which does not resize the header itself.
    const observer = new ResizeObserver(check);
    observer.observe(el);
    for (const child of el.children) observer.observe(child);
    if (tools.current) for (const child of tools.current.children) observer.observe(child);
    check();
    return () => observer.disconnect();
  }, [header, tools, key]);

  return compact;
};
