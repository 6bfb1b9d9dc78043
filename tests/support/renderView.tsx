/**
 * Renders a view as the app does (store, English messages, a data router) over a state folded
 * from domain events, and records every action the view dispatches. No epic runs: a view test
 * checks what a view shows for a state and which command it sends.
 */
import { configureStore, type Middleware } from '@reduxjs/toolkit';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { IntlProvider } from 'react-intl';
import { Provider } from 'react-redux';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { evolve, initialRootState, replay, stamp, type UnstampedEvent } from '../../domain/index.js';
import { messagesFor } from './messages';
import { TooltipProvider } from '../../src/ui';

export const stateOf = (events: readonly UnstampedEvent[]) => {
  const { state, violation } = replay(events.map((e, i) => stamp(e, i + 1, 1000 * (i + 1))));
  if (violation) throw new Error(`the given events break an invariant at event ${violation.index}`);
  return state;
};

export const renderView = (
  ui: ReactNode,
  { events = [], path = '/' }: { readonly events?: readonly UnstampedEvent[]; readonly path?: string } = {},
) => {
  const dispatched: { type: string; payload?: unknown }[] = [];
  const record: Middleware = () => (next) => (action) => {
    dispatched.push(action as { type: string; payload?: unknown });
    return next(action);
  };
  const store = configureStore({
    reducer: evolve,
    preloadedState: events.length === 0 ? initialRootState : stateOf(events),
    middleware: (getDefault) =>
      getDefault({ thunk: false, serializableCheck: false, immutableCheck: false }).concat(record),
  });
  const router = createMemoryRouter([{ path: '*', element: ui }], { initialEntries: [path] });
  const view = render(
    <Provider store={store}>
      <IntlProvider locale="en" defaultLocale="en" messages={messagesFor('en')}>
        <TooltipProvider>
          <RouterProvider router={router} />
        </TooltipProvider>
      </IntlProvider>
    </Provider>,
  );
  return { ...view, store, dispatched, router };
};
