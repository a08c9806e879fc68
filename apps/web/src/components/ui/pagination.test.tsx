import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi, beforeAll } from 'vitest';
import { i18nReady } from '@/lib/i18n';
import { Pagination } from './pagination';

// Both languages loaded before the first render.
beforeAll(() => i18nReady);

describe('Pagination', () => {
  it('is hidden while the total fits one page', () => {
    const { container } = render(<Pagination page={1} pageSize={10} total={10} onPage={() => {}} />);
    expect(container).toBeEmptyDOMElement();
  });

  it('shows first, last, a window of 3 and ellipses, and moves pages', async () => {
    const onPage = vi.fn();
    render(<Pagination page={5} pageSize={10} total={100} onPage={onPage} />);
    const labels = screen.getAllByRole('button').map((b) => b.textContent);
    expect(labels).toEqual(['', '1', '4', '5', '6', '10', '']);
    expect(screen.getAllByText('…')).toHaveLength(2);
    expect(screen.getByRole('button', { name: '5' })).toHaveAttribute('aria-current', 'page');
    await userEvent.click(screen.getByRole('button', { name: '10' }));
    expect(onPage).toHaveBeenCalledWith(10);
  });
});
