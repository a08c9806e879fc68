import { fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import i18n, { i18nReady } from '@/lib/i18n';
import { text, type TableSpec } from '../charts/chart-spec';
import { RowsTable } from './rows-table';

beforeAll(() => i18nReady);

type Row = { name: string; cost: string };
const spec: TableSpec<Row> = {
  id: 'cost-by-station',
  name: 'Cost by station',
  rows: [{ name: 'Station 1', cost: '3 112,50 kr' }],
  columns: [
    { label: 'Station', text: (r) => r.name, csv: (r) => text(r.name) },
    { label: 'Cost', text: (r) => r.cost, csv: (r) => text(r.cost), numeric: true },
  ],
};

/**
 * jsdom lays nothing out: the scroll box is given the widths a 390 px phone measures (the table
 * 800 px wide in a 358 px box) and a scroll position the test moves.
 */
function layout({ content, box }: { content: number; box: number }) {
  let left = 0;
  const isBox = (el: HTMLElement) => el.dataset.testid === 'side-scroll';
  vi.spyOn(HTMLElement.prototype, 'scrollWidth', 'get').mockImplementation(function (this: HTMLElement) {
    return isBox(this) ? content : 0;
  });
  vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockImplementation(function (this: HTMLElement) {
    return isBox(this) ? box : 0;
  });
  vi.spyOn(HTMLElement.prototype, 'scrollLeft', 'get').mockImplementation(function (this: HTMLElement) {
    return isBox(this) ? left : 0;
  });
  return (to: number) => {
    left = to;
    fireEvent.scroll(screen.getByTestId('side-scroll'));
  };
}

const renderTable = () =>
  render(
    <MemoryRouter>
      <RowsTable spec={spec} />
    </MemoryRouter>,
  );

const shown = (testId: string) => screen.getByTestId(testId).className.includes('opacity-100');

afterEach(() => vi.restoreAllMocks());

describe('an insights table wider than the phone (issue 33)', () => {
  it('says in Norwegian that it scrolls sideways and shades the edge with more beyond it', async () => {
    await i18n.changeLanguage('no');
    const scrollTo = layout({ content: 800, box: 358 });
    renderTable();
    expect(screen.getByTestId('side-scroll-hint')).toHaveTextContent('Sveip sidelengs for å se alle kolonnene');
    expect(shown('side-scroll-shadow-right')).toBe(true);
    expect(shown('side-scroll-shadow-left')).toBe(false);

    scrollTo(200);
    expect(shown('side-scroll-shadow-left')).toBe(true);
    expect(shown('side-scroll-shadow-right')).toBe(true);

    // At the far end nothing is hidden on the right any more; the hint stays while columns are out of view.
    scrollTo(442);
    expect(shown('side-scroll-shadow-left')).toBe(true);
    expect(shown('side-scroll-shadow-right')).toBe(false);
    expect(screen.getByTestId('side-scroll-hint')).toBeInTheDocument();
  });

  it('says it in English too, and the box stays a named region the keyboard can scroll', async () => {
    await i18n.changeLanguage('en');
    layout({ content: 800, box: 358 });
    renderTable();
    expect(screen.getByTestId('side-scroll-hint')).toHaveTextContent('Swipe sideways to see every column');
    const region = screen.getByRole('region', { name: 'Cost by station' });
    expect(region).toHaveAttribute('tabindex', '0');
  });

  it('shows neither hint nor shadow where the table fits (a desk)', async () => {
    await i18n.changeLanguage('en');
    layout({ content: 1200, box: 1200 });
    renderTable();
    expect(screen.queryByTestId('side-scroll-hint')).toBeNull();
    expect(shown('side-scroll-shadow-left')).toBe(false);
    expect(shown('side-scroll-shadow-right')).toBe(false);
  });
});
