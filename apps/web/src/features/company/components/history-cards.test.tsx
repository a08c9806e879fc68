import { render, screen } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import i18n, { i18nReady } from '@/lib/i18n';
import { HistoryCards } from './history-cards';

beforeAll(() => i18nReady);

describe('HistoryCards', () => {
  // A paragraph named by aria-label is announced by no screen reader (axe's aria-prohibited-attr):
  // the change is read as words from the card's own text, and the arrow's figures are hidden.
  it('reads a change as old and new value in words, without naming the paragraph', async () => {
    await i18n.changeLanguage('en');
    render(<HistoryCards loading={false} rows={[{ id: 1, updated_at: '2026-11-20T09:30:00Z', user_name: 'Stasjon A', surface_name: 'Plakat', old_value: 1200, new_value: 5 }]} />);
    const card = screen.getByTestId('history-card-1');
    expect(card.querySelector('[aria-label]')).toBeNull();
    const spoken = screen.getByText(/^Old value/);
    expect(spoken).toHaveClass('sr-only');
    expect(spoken.textContent).toMatch(/^Old value 1.200, New value 5$/);
  });
});
