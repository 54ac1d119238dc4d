import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { AlertHost, ToastHost } from '../app/hosts';

/** Renders a piece of UI inside a router, with the alert and toast hosts, as the app does. */
export function renderWithApp(ui: ReactNode, path = '/') {
  const router = createMemoryRouter(
    [
      {
        path: '*',
        element: (
          <>
            {ui}
            <AlertHost />
            <ToastHost />
          </>
        ),
      },
    ],
    { initialEntries: [path] },
  );
  return { router, ...render(<RouterProvider router={router} />) };
}

export function envelope(data: unknown, status = 0, message = 'Sucesso') {
  return { status, message, data };
}

/** A fetch stand-in answering JSON envelopes; records every call. */
export function fakeFetch(answer: (url: string, init: RequestInit) => { status?: number; body: unknown }) {
  const calls: { url: string; init: RequestInit }[] = [];
  const fn = async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = String(input);
    calls.push({ url, init });
    const { status = 200, body } = answer(url, init);
    return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
  };
  return { fn, calls };
}
