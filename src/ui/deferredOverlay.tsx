import {
  cloneElement,
  useEffect,
  useState,
  type ComponentType,
  type KeyboardEvent,
  type MouseEvent,
  type ReactElement,
} from 'react';

/** What a trigger-opened overlay (a menu, a popover, a dialog) takes: its trigger and its open state. */
interface OverlayProps {
  readonly trigger: ReactElement;
  readonly open?: boolean;
  readonly defaultOpen?: boolean;
  readonly onOpenChange?: (open: boolean) => void;
}

type TriggerProps = {
  readonly onClick?: (e: MouseEvent<HTMLElement>) => void;
  readonly onKeyDown?: (e: KeyboardEvent<HTMLElement>) => void;
} & Record<string, unknown>;

/** Keys that open a Radix menu or popover from its trigger. */
const OPENING_KEYS = new Set(['Enter', ' ', 'ArrowDown']);

/** A component loaded once, on demand; `preload` starts (or joins) the load. */
export const loadOnce = <C,>(load: () => Promise<C>) => {
  let loaded: C | null = null;
  let pending: Promise<C> | null = null;
  return {
    current: () => loaded,
    preload: (): Promise<C> =>
      (pending ??= load().then((c) => {
        loaded = c;
        return c;
      })),
  };
};

export type Deferred<P> = ComponentType<P> & { readonly preload: () => Promise<unknown> };

/**
 * An overlay whose Radix code loads after the first paint instead of with the page (issue 22:
 * nothing the first screen does not need in the first visit; a closed menu's parts are not on
 * screen). Until its chunk is in, the trigger itself is drawn, the same element in the same place,
 * and a press on it (click, Enter, Space, ArrowDown) is kept: the overlay opens when its code arrives.
 */
export const deferOverlay = <P extends OverlayProps>(
  haspopup: 'menu' | 'dialog',
  load: () => Promise<ComponentType<P>>,
): Deferred<P> => {
  const real = loadOnce(load);
  const Overlay = (props: P) => {
    const [Real, setReal] = useState(real.current);
    const [asked, setAsked] = useState(false);
    useEffect(() => {
      if (Real !== null) return;
      let live = true;
      void real.preload().then((c) => {
        if (live) setReal(() => c);
      });
      return () => {
        live = false;
      };
    }, [Real]);
    if (Real !== null) return <Real {...props} defaultOpen={props.defaultOpen === true || asked} />;
    const trigger = props.trigger as ReactElement<TriggerProps>;
    const ask = () => {
      if (props.open === undefined) setAsked(true);
      props.onOpenChange?.(true);
    };
    return cloneElement(trigger, {
      'aria-haspopup': haspopup,
      'aria-expanded': false,
      onClick: (e: MouseEvent<HTMLElement>) => {
        trigger.props.onClick?.(e);
        ask();
      },
      onKeyDown: (e: KeyboardEvent<HTMLElement>) => {
        trigger.props.onKeyDown?.(e);
        if (OPENING_KEYS.has(e.key)) {
          e.preventDefault();
          ask();
        }
      },
    });
  };
  return Object.assign(Overlay, { preload: real.preload });
};
