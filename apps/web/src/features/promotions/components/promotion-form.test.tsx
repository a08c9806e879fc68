import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { PromotionRow } from '@promo/shared';
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

vi.mock('@/lib/api-client', async (original) => ({
  ...(await original<typeof import('@/lib/api-client')>()),
  call: vi.fn(() => new Promise(() => {})),
}));

const stored = {
  id: 3,
  name: 'Julekampanje',
  description: '',
  img_url: null,
  url_images: null,
  status: 0,
  show_in_user_promotions: false,
  period: { from: '2027-12-01T00:00:00.000Z', to: '2027-12-24T00:00:00.000Z' },
  created_at: '2027-11-01T00:00:00.000Z',
  notify_admin: null,
  manager_id: 7,
  who_created_id: 1,
  who_created: { id: 1, name: 'Ingrid' },
} satisfies PromotionRow;

describe('PromotionForm', () => {
  it("shows an existing promotion's responsible manager once the managers have loaded after the form", async () => {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(
      <QueryClientProvider client={client}>
        <PromotionForm promotion={stored} editable saving={false} onSave={vi.fn()} serverErrors={null} />
      </QueryClientProvider>,
    );
    act(() => client.setQueryData(['promotions', 'managers'], [{ id: 5, name: 'Marte', surname: 'K' }, { id: 7, name: 'Lars', surname: 'K' }]));
    await waitFor(() => expect(screen.getByLabelText('Ansvarlig kategorisjef')).toHaveValue('7'));
  });

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
