import { render, screen } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import i18n, { i18nReady } from '@/lib/i18n';
import DashboardPage from './dashboard-page';

beforeAll(() => i18nReady);

describe('the start page', () => {
  // Issue 33: during its one-second loading state (spec 000 §2) the page had no heading at all.
  it.each([
    ['no', 'Oversikt', 'Laster data...'],
    ['en', 'Dashboard', 'Loading data...'],
  ])('shows its heading while it loads (%s)', async (lang, heading, loading) => {
    await i18n.changeLanguage(lang);
    render(<DashboardPage />);
    expect(screen.getByRole('heading', { level: 1, name: heading })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent(loading);
  });
});
