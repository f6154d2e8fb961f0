import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { NotLoaded } from './not-loaded';

describe('NotLoaded', () => {
  it('says what could not be loaded and asks again, the page keeping the focus', () => {
    const onRetry = vi.fn();
    render(
      <main tabIndex={-1}>
        <NotLoaded message="The page could not be loaded." onRetry={onRetry} />
      </main>,
    );
    expect(screen.getByText(/The page could not be loaded\./)).toBeInTheDocument();
    const tryAgain = screen.getByRole('button', { name: /TryAgain/ });
    tryAgain.focus();
    fireEvent.click(tryAgain);
    expect(onRetry).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('main')).toHaveFocus();
  });

  it('inline, leaves the focus to the one who asks again (a table keeps it)', () => {
    render(
      <main tabIndex={-1}>
        <NotLoaded inline message="The list could not be loaded." onRetry={() => {}} />
      </main>,
    );
    const tryAgain = screen.getByRole('button', { name: /TryAgain/ });
    tryAgain.focus();
    fireEvent.click(tryAgain);
    expect(tryAgain).toHaveFocus();
  });
});
