import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, type RenderOptions } from '@testing-library/react';
import type { ReactElement, ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { theme } from '@/lib/theme';

interface ProvidersOptions {
  /** Starting URL of the in-memory router. */
  route?: string;
}

/** The app's providers around a component, with a fresh query cache per test. */
export function renderWithProviders(
  ui: ReactElement,
  { route = '/', ...options }: ProvidersOptions & RenderOptions = {},
) {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  function Wrapper({ children }: { children: ReactNode }) {
    return (
      <MantineProvider theme={theme}>
        <Notifications />
        <QueryClientProvider client={queryClient}>
          <MemoryRouter initialEntries={[route]}>{children}</MemoryRouter>
        </QueryClientProvider>
      </MantineProvider>
    );
  }
  return { queryClient, ...render(ui, { wrapper: Wrapper, ...options }) };
}

/** A JSON answer as the API sends it. */
export function jsonResponse(body: unknown, init: { status?: number; headers?: Record<string, string> } = {}) {
  return new Response(JSON.stringify(body), {
    status: init.status ?? 200,
    headers: { 'Content-Type': 'application/json; charset=utf-8', ...init.headers },
  });
}

export function errorResponse(status: number, code: string, headers: Record<string, string> = {}, details?: unknown) {
  return jsonResponse(
    { error: { code, message: code, requestId: 'req-test', ...(details === undefined ? {} : { details }) } },
    { status, headers },
  );
}
