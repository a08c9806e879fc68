import { render, screen } from '@testing-library/react';
import { describe, expect, it, beforeAll } from 'vitest';
import i18n, { i18nReady } from '@/lib/i18n';
import { AuditDiff, auditValueText } from './audit-diff';

// Both languages loaded before the first render.
beforeAll(() => i18nReady);

describe('AuditDiff', () => {
  it('shows each changed field from → to', async () => {
    await i18n.changeLanguage('en');
    render(<AuditDiff entry={{ before: { name: 'Mat', required: false }, after: { name: 'Mat og drikke', required: true } }} />);
    expect(screen.getByTestId('audit-field-name')).toHaveTextContent('name:Mat → to Mat og drikke');
    expect(screen.getByTestId('audit-field-required')).toHaveTextContent('required:false → to true');
  });

  it('shows a created row without its bookkeeping columns, and a removed one marked removed', async () => {
    await i18n.changeLanguage('no');
    const { unmount } = render(<AuditDiff entry={{ before: null, after: { id: 7, name: 'Ny', created_at: '2026-01-01T00:00:00Z', updated_at: '2026-01-01T00:00:00Z' } }} />);
    expect(screen.getByTestId('audit-field-name')).toHaveTextContent('name:Ny');
    expect(screen.queryByTestId('audit-field-id')).toBeNull();
    expect(screen.queryByTestId('audit-field-created_at')).toBeNull();
    unmount();
    render(<AuditDiff entry={{ before: { surface_id: 3 }, after: null }} />);
    expect(screen.getByTestId('audit-field-surface_id')).toHaveTextContent('surface_id:3 (fjernet)');
  });

  it('says so when nothing changed', async () => {
    await i18n.changeLanguage('en');
    render(<AuditDiff entry={{ before: null, after: null }} />);
    expect(screen.getByText('No field changes')).toBeInTheDocument();
  });

  it('writes values as one line: rich text without tags, empty as a dash, objects as JSON', () => {
    expect(auditValueText('<p>Hei <b>du</b></p>')).toBe('Hei du');
    expect(auditValueText(null)).toBe('—');
    expect(auditValueText('')).toBe('—');
    expect(auditValueText({ from: '2031-01-01', to: '2031-02-01' })).toBe('{"from":"2031-01-01","to":"2031-02-01"}');
  });
});
