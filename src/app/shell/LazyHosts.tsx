/**
 * The shell's overlays (toasts, the §8 dialog, the popup queue, the guided tour) load their chunks
 * when they first have something to show (issue 22: the first visit carries no overlay code), then
 * stay mounted, so they close as they did (their exit and the focus's return). Their chunks are
 * also fetched when the browser is idle after the first paint, so the first one shows at once.
 */
import { lazy, Suspense, useEffect, useState } from 'react';
import { useMatches } from 'react-router';
import { notices } from '../../../domain/index.js';
import { popupRouteEntered } from '../../../infrastructure/popups/commands';
import { useAppDispatch, useAppSelector } from '../../../infrastructure/store/hooks';
import { usePopupView, useReminder } from '../../features/popups/usePopups';
import { useTour } from '../../features/tour/useTour';
import { preloadDeferredParts } from '../../ui';

const importToasts = () => import('../../features/notices/Toasts');
const importDialogs = () => import('../../features/notices/Dialogs');
const importPopupHost = () => import('../../features/popups/PopupHost');
const importGuidedTour = () => import('../../features/tour/GuidedTour');

const Toasts = lazy(() => importToasts().then((m) => ({ default: m.Toasts })));
const Dialogs = lazy(() => importDialogs().then((m) => ({ default: m.Dialogs })));
const PopupHost = lazy(() => importPopupHost().then((m) => ({ default: m.PopupHost })));
const GuidedTour = lazy(() => importGuidedTour().then((m) => ({ default: m.GuidedTour })));

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

/** After the first paint, once the browser is idle: the overlays' and the header menus' chunks. */
const usePreloadWhenIdle = () => {
  useEffect(() => {
    const preload = () => {
      preloadDeferredParts();
      for (const load of [importToasts, importDialogs, importPopupHost, importGuidedTour])
        load().catch(() => undefined);
    };
    const idle = () => {
      if (typeof window.requestIdleCallback === 'function')
        window.requestIdleCallback(preload, { timeout: 5000 });
      else setTimeout(preload, 1000);
    };
    if (document.readyState === 'complete') {
      idle();
      return;
    }
    window.addEventListener('load', idle, { once: true });
    return () => window.removeEventListener('load', idle);
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
  const toasts = useOnceTrue(useAppSelector((s) => notices.selectNotices(s.notices).length > 0));
  const dialog = useOnceTrue(useAppSelector((s) => notices.selectDialog(s.notices) !== null));
  const popups = useOnceTrue(popup || reminder);
  const tour = useOnceTrue(useTour() !== null);
  usePreloadWhenIdle();
  return (
    <Suspense fallback={null}>
      {tour ? <GuidedTour /> : null}
      {toasts ? <Toasts /> : null}
      {dialog ? <Dialogs /> : null}
      {popups ? <PopupHost route={route} /> : null}
    </Suspense>
  );
};
