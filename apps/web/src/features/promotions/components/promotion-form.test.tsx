import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import i18n from '@/lib/i18n';
import { PromotionForm } from './promotion-form';

beforeEach(() => void i18n.changeLanguage('no'));
// Radix's switch measures itself; jsdom has no ResizeObserver.
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
};

function withQueries({ children }: { children: ReactNode }) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, queryFn: () => [] } } });
  client.setQueryData(['promotions', 'managers'], []);
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}

describe('PromotionForm', () => {
  it('refuses a year no date can hold instead of failing on submit', async () => {
    const onSave = vi.fn();
    render(<PromotionForm promotion={undefined} editable saving={false} onSave={onSave} serverErrors={null} />, { wrapper: withQueries });
    await userEvent.type(screen.getByLabelText('Navn'), 'Vårkampanje');
    // A date input takes a six-digit year as typed.
    fireEvent.change(screen.getByLabelText('Fra'), { target: { value: '2027-03-01' } });
    fireEvent.change(screen.getByLabelText('Til'), { target: { value: '20270-03-31' } });
    await userEvent.click(screen.getByRole('button', { name: 'Lagre' }));
    expect(await screen.findByText('Perioden trenger to gyldige datoer')).toBeInTheDocument();
    expect(onSave).not.toHaveBeenCalled();
  });

  it('sends a real period as the start and end of its days', async () => {
    const onSave = vi.fn();
    render(<PromotionForm promotion={undefined} editable saving={false} onSave={onSave} serverErrors={null} />, { wrapper: withQueries });
    await userEvent.type(screen.getByLabelText('Navn'), 'Vårkampanje');
    fireEvent.change(screen.getByLabelText('Fra'), { target: { value: '2028-02-29' } });
    fireEvent.change(screen.getByLabelText('Til'), { target: { value: '2028-03-31' } });
    await userEvent.click(screen.getByRole('button', { name: 'Lagre' }));
    await waitFor(() => expect(onSave).toHaveBeenCalledOnce());
    expect(onSave.mock.calls[0]![0]).toMatchObject({
      period_from: new Date('2028-02-29T00:00:00').toISOString(),
      period_to: new Date('2028-03-31T23:59:59.999').toISOString(),
    });
  });
});
