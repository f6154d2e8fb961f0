import { fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { ErrorScreen } from './error-screen';
import { RouteErrorBoundary, routeErrorStatus } from './route-error-boundary';

describe('error screen', () => {
  it('names the tab after its title while it shows, and gives the name back when it goes', () => {
    document.title = 'Viñeta';
    const { unmount } = render(
      <ErrorScreen status={404} title="Page not found" details="Not here." hideCloseIcon />,
    );
    expect(document.title).toBe('Page not found – Viñeta');
    unmount();
    expect(document.title).toBe('Viñeta');
  });

  it('shows status, title, details and the Home link; Escape closes', () => {
    const onClose = vi.fn();
    const onHome = vi.fn();
    render(
      <ErrorScreen
        status={403}
        title={{ key: 'AbpUi::DefaultErrorMessage403', defaultValue: 'You are not authorized!' }}
        details={{
          key: 'AbpUi::DefaultErrorMessage403Detail',
          defaultValue: 'You are not allowed to perform this operation.',
        }}
        onClose={onClose}
        onHome={onHome}
      />,
    );
    expect(screen.getByRole('dialog', { name: 'You are not authorized!' })).toHaveTextContent(
      '403',
    );
    expect(screen.getByText('You are not allowed to perform this operation.')).toBeInTheDocument();
    const home = screen.getByRole('link', { name: 'Home' });
    expect(home).toHaveAttribute('href', '/');
    fireEvent.click(home);
    expect(onHome).toHaveBeenCalledOnce();
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(onClose).toHaveBeenCalledOnce();
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalledTimes(2);
  });

  it('can hide the close icon and the Home link', () => {
    render(
      <ErrorScreen
        status={0}
        title="Offline"
        details="Failed to fetch"
        hideCloseIcon
        isHomeShow={false}
        onClose={vi.fn()}
        onHome={vi.fn()}
      />,
    );
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
    expect(screen.queryByText('0')).not.toBeInTheDocument();
  });

  it("treats 'Cannot match' and unmatched routes as 404", () => {
    expect(routeErrorStatus(new Error("Cannot match any routes. URL Segment: 'x'"))).toBe(404);
    expect(routeErrorStatus(new Error('Boom'))).toBe(500);
  });

  it('renders the 404 page for an unknown route and the 403 page for a refused one', async () => {
    const router = createMemoryRouter(
      [
        { path: '/', element: null, errorElement: <RouteErrorBoundary /> },
        {
          path: '/secret',
          loader: () => {
            throw new Response(null, { status: 403 });
          },
          element: null,
          errorElement: <RouteErrorBoundary />,
        },
      ],
      { initialEntries: ['/nowhere'] },
    );
    render(<RouterProvider router={router} />);
    expect(await screen.findByText('Resource not found!')).toBeInTheDocument();
    await router.navigate('/secret');
    expect(await screen.findByText('You are not authorized!')).toBeInTheDocument();
  });
});
