/**
 * Menu, Popover and Dialog whose Radix parts load on first use (issue 22: the first visit carries
 * no overlay code the first screen does not show). Until its chunk is there, a deferred part draws
 * its trigger alone, the same element with the same look and name; pointing at it or focusing it
 * loads the chunk, and a press that comes first opens the part as soon as it is there. Each chunk
 * is also fetched on the person's first move or key anywhere (`preloadDeferredParts`, app/shell/LazyHosts).
 */
import {
  cloneElement,
  useEffect,
  useState,
  type ComponentType,
  type FocusEvent,
  type KeyboardEvent,
  type MouseEvent,
  type PointerEvent,
  type ReactElement,
  type Ref,
  type SyntheticEvent,
} from 'react';
import type { DialogProps } from './Dialog';
import type { MenuProps } from './Menu';
import type { PopoverProps } from './Popover';

interface Openable {
  readonly open?: boolean;
  readonly defaultOpen?: boolean;
  readonly onOpenChange?: (open: boolean) => void;
}

/** How the real part opens from its trigger: a menu on pointer down or Enter/Space/ArrowDown, the others on click. */
type OpensOn = 'pointerdown' | 'click';

interface Loadable<P> {
  readonly load: () => Promise<ComponentType<P>>;
  readonly loaded: () => ComponentType<P> | null;
}

const loadable = <P,>(importer: () => Promise<ComponentType<P>>): Loadable<P> => {
  let component: ComponentType<P> | null = null;
  let pending: Promise<ComponentType<P>> | null = null;
  return {
    load: () =>
      (pending ??= importer().then((c) => (component = c))).catch((err: unknown) => {
        pending = null; // a failed fetch (offline) is tried again on the next use
        throw err;
      }),
    loaded: () => component,
  };
};

type TriggerProps = Record<string, unknown> & { readonly ref?: Ref<HTMLElement> };

/** Calls the trigger's own handler, then ours unless the first prevented the default. */
const both =
  <E extends SyntheticEvent>(own: unknown, ours: (e: E) => void) =>
  (e: E) => {
    if (typeof own === 'function') (own as (e: E) => void)(e);
    if (!e.defaultPrevented) ours(e);
  };

const useDeferred = <P extends Openable>(
  part: Loadable<P>,
  props: P,
  trigger: ReactElement | undefined,
  opensOn: OpensOn,
  popup: 'menu' | 'dialog',
) => {
  const [Real, setReal] = useState<ComponentType<P> | null>(() => part.loaded());
  const [openOnLoad, setOpenOnLoad] = useState(false);
  /** Whether the drawn trigger had the focus when the real part replaced it. */
  const [refocus, setRefocus] = useState(false);
  const [triggerEl, setTriggerEl] = useState<HTMLElement | null>(null);
  const wanted = props.open === true || props.defaultOpen === true;

  const load = (open: boolean, drawn: EventTarget) => {
    if (open) setOpenOnLoad(true);
    part.load().then(
      (c) => {
        setRefocus(drawn === document.activeElement);
        setReal(() => c);
      },
      () => setOpenOnLoad(false),
    );
  };
  // Opened by its state (no press): the part loads at once.
  useEffect(() => {
    if (wanted && Real === null) void part.load().then((c) => setReal(() => c));
  }, [wanted, Real, part]);
  // Once, when the real part has replaced the drawn trigger: the focus stays on the trigger, and a
  // controlled part pressed before it loaded opens through its owner's state.
  const { open, onOpenChange } = props;
  const pressedControlled = Real !== null && openOnLoad && open !== undefined;
  useEffect(() => {
    if (pressedControlled) onOpenChange?.(true);
    // Once, when the real part is there (the owner's later state is its own).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [pressedControlled]);
  useEffect(() => {
    // Opening, the part takes the focus itself (and gives it back to the trigger when it closes).
    if (refocus && !openOnLoad) triggerEl?.focus();
  }, [refocus, openOnLoad, triggerEl]);

  if (Real !== null) {
    const real = {
      ...props,
      ...(openOnLoad && props.open === undefined ? { defaultOpen: true } : {}),
    } as P & { trigger?: ReactElement };
    if (trigger) real.trigger = cloneElement(trigger as ReactElement<TriggerProps>, { ref: setTriggerEl });
    return <Real {...real} />;
  }
  if (!trigger) return null;
  const own = trigger.props as TriggerProps;
  return cloneElement(trigger as ReactElement<TriggerProps>, {
    'aria-haspopup': popup,
    'aria-expanded': false,
    'data-state': 'closed',
    onPointerEnter: both<PointerEvent>(own['onPointerEnter'], (e) => load(false, e.currentTarget)),
    onFocus: both<FocusEvent>(own['onFocus'], (e) => load(false, e.currentTarget)),
    ...(opensOn === 'pointerdown'
      ? {
          onPointerDown: both<PointerEvent>(own['onPointerDown'], (e) => {
            if (e.button !== 0 || e.ctrlKey) return;
            e.preventDefault(); // as Radix's trigger: the press does not move the focus, the menu takes it
            load(true, e.currentTarget);
          }),
          onKeyDown: both<KeyboardEvent>(own['onKeyDown'], (e) => {
            if (e.key === 'Enter' || e.key === ' ' || e.key === 'ArrowDown') {
              e.preventDefault();
              load(true, e.currentTarget);
            }
          }),
        }
      : {
          // The press is taken at pointer down too: when the chunk arrives between the press and
          // its click (fetched already by a hover or the first move), the real trigger replaces
          // this one mid-press and the click lands on neither; the part opens all the same.
          onPointerDown: both<PointerEvent>(own['onPointerDown'], (e) => {
            if (e.button === 0 && !e.ctrlKey) load(true, e.currentTarget);
          }),
          onClick: both<MouseEvent>(own['onClick'], (e) => load(true, e.currentTarget)),
        }),
  });
};

const menu = loadable<MenuProps>(() => import('./Menu').then((m) => m.Menu));
const popover = loadable<PopoverProps>(() =>
  import('./Popover').then((m) => m.Popover as unknown as ComponentType<PopoverProps>),
);
const dialog = loadable<DialogProps>(() =>
  import('./Dialog').then((m) => m.Dialog as unknown as ComponentType<DialogProps>),
);

/** `Menu` (./Menu.tsx) whose Radix parts load on first use. */
export const DeferredMenu = (props: MenuProps) =>
  useDeferred(menu, props, props.trigger, 'pointerdown', 'menu');

/**
 * A deferred popover over a loader of its own: the shell's is `DeferredPopover`; a test holds the
 * chunk's arrival in its hands (the module-wide loader may have loaded in an earlier test file).
 */
export const deferredPopoverOver = (part: Loadable<PopoverProps>) => {
  const Deferred = (props: PopoverProps) => useDeferred(part, props, props.trigger, 'click', 'dialog');
  return Deferred;
};

/** A loader of a deferred part's component, fetched once (`importer` again after a failure). */
export { loadable as deferredLoader };

/** `Popover` (./Popover.tsx) whose Radix parts load on first use. */
export const DeferredPopover = deferredPopoverOver(popover);

/**
 * `Dialog` (./Dialog.tsx) whose Radix parts load on first use: with a trigger, as the others;
 * without one, nothing is drawn until it is first open.
 */
export const DeferredDialog = (props: DialogProps) =>
  useDeferred(
    dialog,
    props,
    props.trigger === undefined || props.trigger === null ? undefined : (props.trigger as ReactElement),
    'click',
    'dialog',
  );

/** Fetches the deferred parts' chunks (the shell calls it on the person's first move or key). */
export const preloadDeferredParts = (): void => {
  for (const part of [menu, popover, dialog]) part.load().catch(() => undefined);
};
