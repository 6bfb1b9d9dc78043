/**
 * The shell's overlays (toasts, the §8 dialog, the popup queue, the guided tour) load their chunks
 * when they first have something to show (issue 22: the first visit carries no overlay code), then
 * stay mounted, so they close as they did (their exit and the focus's return). Their chunks are
 * fetched on the person's first move or key; and a route's loader waits for the ones
 * its guard opened (`loadOverlaysShown`), so a login dialog shows with the page behind it, as before.
 */
import { useEffect, useState, type ComponentType } from 'react';
import { useMatches } from 'react-router';
import { notices, type RootState } from '../../../domain/index.js';
import { popupRouteEntered } from '../../../infrastructure/popups/commands';
import { useAppDispatch, useAppSelector } from '../../../infrastructure/store/hooks';
import { usePopupView, useReminder } from '../../features/popups/usePopups';
import { useTour } from '../../features/tour/useTour';
import { preloadDeferredParts } from '../../ui';

interface Part<P> {
  readonly load: () => Promise<unknown>;
  /** Nothing until its chunk is there (asked for on its first render), then the component, from the same render on. */
  readonly View: ComponentType<P>;
}

const part = <P extends object>(importer: () => Promise<ComponentType<P>>): Part<P> => {
  let loaded: ComponentType<P> | null = null;
  let pending: Promise<unknown> | null = null;
  const load = () =>
    (pending ??= importer().then(
      (c) => (loaded = c),
      () => (pending = null), // a failed fetch (offline) is tried again on the next render
    ));
  const View = (props: P) => {
    const [, setReady] = useState(false);
    useEffect(() => {
      if (loaded === null) void load().then(() => setReady(true));
    }, []);
    const Loaded = loaded;
    return Loaded === null ? null : <Loaded {...props} />;
  };
  return { load, View };
};

const toasts = part(() => import('../../features/notices/Toasts').then((m) => m.Toasts));
const dialogs = part(() => import('../../features/notices/Dialogs').then((m) => m.Dialogs));
const popupHost = part(() => import('../../features/popups/PopupHost').then((m) => m.PopupHost));
const guidedTour = part(() => import('../../features/tour/GuidedTour').then((m) => m.GuidedTour));

/** For a route's loader: the chunks of the toast and the dialog the state shows now (its guard may have opened them). */
export const loadOverlaysShown = async (state: RootState): Promise<void> => {
  await Promise.all([
    notices.selectDialog(state.notices) === null ? null : dialogs.load(),
    notices.selectNotices(state.notices).length === 0 ? null : toasts.load(),
  ]);
};

/** True from the first time `now` is, for good. */
const useOnceTrue = (now: boolean): boolean => {
  const [was, setWas] = useState(now);
  if (now && !was) setWas(true);
  return was || now;
};

/** The route name of the deepest matched page (its handle carries it). */
const useRouteName = (): string | null => {
  const matches = useMatches();
  for (let i = matches.length - 1; i >= 0; i--) {
    const name = (matches[i]?.handle as { readonly name?: string } | undefined)?.name;
    if (name !== undefined) return name;
  }
  return null;
};

/**
 * On the person's first pointer move, touch, key or focus anywhere: the overlays' and the header
 * menus' chunks, so the first one opens at once. (Not at idle after load: fetched and compiled
 * then, they lengthened the first visit's main-thread work, Lighthouse's TBT, for parts a visit
 * that touches nothing never shows.)
 */
const usePreloadOnFirstIntent = () => {
  useEffect(() => {
    const events = ['pointermove', 'pointerdown', 'touchstart', 'keydown', 'focusin'] as const;
    const preload = () => {
      for (const e of events) window.removeEventListener(e, preload, true);
      preloadDeferredParts();
      for (const p of [toasts, dialogs, popupHost, guidedTour]) void p.load();
    };
    for (const e of events) window.addEventListener(e, preload, { capture: true, passive: true });
    return () => {
      for (const e of events) window.removeEventListener(e, preload, true);
    };
  }, []);
};

export const LazyHosts = () => {
  const dispatch = useAppDispatch();
  const route = useRouteName();
  // The popup queue hears of every page the person opens, whether or not a popup shows.
  useEffect(() => {
    if (route !== null) dispatch(popupRouteEntered({ route }));
  }, [route, dispatch]);
  const popup = usePopupView() !== null;
  const reminder = useReminder(route) !== null;
  const showToasts = useOnceTrue(useAppSelector((s) => notices.selectNotices(s.notices).length > 0));
  const showDialogs = useOnceTrue(useAppSelector((s) => notices.selectDialog(s.notices) !== null));
  const showPopups = useOnceTrue(popup || reminder);
  const showTour = useOnceTrue(useTour() !== null);
  usePreloadOnFirstIntent();
  return (
    <>
      {showTour ? <guidedTour.View /> : null}
      {showToasts ? <toasts.View /> : null}
      {showDialogs ? <dialogs.View /> : null}
      {showPopups ? <popupHost.View route={route} /> : null}
    </>
  );
};
