import { render, screen, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import type { PlannerSurface } from '@promo/shared';
import i18n, { i18nReady } from '@/lib/i18n';
import { PlannerTable, type PlannerRowState } from './planner-table';

beforeAll(() => i18nReady);

const surface = (id: number, name: string): PlannerSurface => ({
  id,
  name,
  vendor_code: 100_000 + id,
  type_surface: 'Plakat',
  size_surface: '50x70',
  description: '',
  url_images: null,
  locked: false,
});

describe('PlannerTable', () => {
  // Found by axe in a browser test that ran while a save was still on its way: a span named by
  // aria-label without a role is announced by no screen reader (aria-prohibited-attr).
  it('names the mark of a changed, unsaved row as an image a screen reader reads', async () => {
    await i18n.changeLanguage('no');
    const state = (changed: boolean): PlannerRowState => ({ saved: 0, draft: changed ? '3' : '0', changed, saving: false });
    render(
      <PlannerTable
        rows={[surface(1, 'Endret flate'), surface(2, 'Uendret flate')]}
        loading={false}
        sort={{ sort_by: 'name', sort_count: 0 }}
        onSort={() => {}}
        rowState={(row) => state(row.id === 1)}
        onDraft={() => {}}
        onRevert={() => {}}
        onSave={() => {}}
        onImage={() => {}}
      />,
    );
    expect(within(screen.getByTestId('planner-row-100001')).getByRole('img', { name: 'Endret, ikke lagret' })).toBeInTheDocument();
    expect(within(screen.getByTestId('planner-row-100002')).queryByRole('img', { name: 'Endret, ikke lagret' })).toBeNull();
  });

  it('shows a surface size in the interface language (H21 x W29,7 in Norwegian, as stored in English)', async () => {
    const row = { ...surface(3, 'A4-plakat'), size_surface: 'H21 x W29.7' };
    const props = {
      loading: false,
      sort: { sort_by: 'name', sort_count: 0 },
      onSort: () => {},
      rowState: (): PlannerRowState => ({ saved: 0, draft: '0', changed: false, saving: false }),
      onDraft: () => {},
      onRevert: () => {},
      onSave: () => {},
      onImage: () => {},
    } as const;
    await i18n.changeLanguage('no');
    const { unmount } = render(<PlannerTable rows={[row]} {...props} />);
    expect(screen.getByTestId('planner-row-100003')).toHaveTextContent('H21 x W29,7');
    unmount();
    await i18n.changeLanguage('en');
    render(<PlannerTable rows={[row]} {...props} />);
    expect(screen.getByTestId('planner-row-100003')).toHaveTextContent('H21 x W29.7');
  });
});
