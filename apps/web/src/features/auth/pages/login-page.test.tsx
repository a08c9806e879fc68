import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it, beforeAll } from 'vitest';
import i18n, { i18nReady } from '@/lib/i18n';
import LoginPage from './login-page';

// Both languages loaded before the first render.
beforeAll(() => i18nReady);

beforeEach(() => void i18n.changeLanguage('no'));

describe('LoginPage', () => {
  it('starts with the demo credentials', () => {
    render(<LoginPage />, { wrapper: MemoryRouter });
    expect(screen.getByLabelText('E-post')).toHaveValue('admin@demo.no');
    expect(screen.getByLabelText('Passord')).toHaveValue('Demo2026');
  });

  it('shows the validation messages in the interface language and sends nothing', async () => {
    render(<LoginPage />, { wrapper: MemoryRouter });
    await userEvent.clear(screen.getByLabelText('E-post'));
    await userEvent.clear(screen.getByLabelText('Passord'));
    await userEvent.type(screen.getByLabelText('Passord'), '12345');
    await userEvent.click(screen.getByRole('button', { name: 'Logg inn' }));
    expect(await screen.findByText('E-post må fylles ut')).toBeInTheDocument();
    expect(screen.getByText('Passordet må inneholde en latinsk bokstav')).toBeInTheDocument();
    expect(screen.queryByTestId('login-error')).not.toBeInTheDocument();
  });

  it('does not judge the length of the password: a short one is for the server to refuse', async () => {
    render(<LoginPage />, { wrapper: MemoryRouter });
    await userEvent.clear(screen.getByLabelText('Passord'));
    await userEvent.type(screen.getByLabelText('Passord'), 'abc');
    await userEvent.click(screen.getByRole('button', { name: 'Logg inn' }));
    expect(screen.queryByText('Passordet må ha minst 8 tegn')).not.toBeInTheDocument();
  });
});
