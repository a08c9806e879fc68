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
    expect(screen.getByTestId('audit-field-name')).toHaveTextContent('Name:Mat → to Mat og drikke');
    expect(screen.getByTestId('audit-field-required')).toHaveTextContent('Required:No → to Yes');
  });

  it('shows a created row without its bookkeeping columns, and a removed one marked removed', async () => {
    await i18n.changeLanguage('no');
    const { unmount } = render(<AuditDiff entry={{ before: null, after: { id: 7, name: 'Ny', created_at: '2026-01-01T00:00:00Z', updated_at: '2026-01-01T00:00:00Z' } }} />);
    expect(screen.getByTestId('audit-field-name')).toHaveTextContent('Navn:Ny');
    expect(screen.queryByTestId('audit-field-id')).toBeNull();
    expect(screen.queryByTestId('audit-field-created_at')).toBeNull();
    unmount();
    render(<AuditDiff entry={{ before: { surface_id: 3 }, after: null }} names={{ surfaces: { 3: 'Plakat A1' } }} />);
    expect(screen.getByTestId('audit-field-surface_id')).toHaveTextContent('Flate:Plakat A1 (fjernet)');
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
    expect(auditValueText({ parcel: 4, pairs: [1, 2] })).toBe('{"parcel":4,"pairs":[1,2]}');
  });

  it('names the newer fields and writes times as Oslo dates in the interface\'s format (issue 22)', async () => {
    await i18n.changeLanguage('no');
    const { unmount } = render(
      <AuditDiff
        entry={{
          before: { receipt_status: null, sent_at: '2026-03-01T23:30:00.000Z', period: { from: '2031-01-01', to: '2031-02-01' } },
          after: { receipt_status: 'problem', sent_at: '2026-03-02T08:00:00.000Z', period: { from: '2031-01-01', to: '2031-03-01' } },
        }}
      />,
    );
    expect(screen.getByTestId('audit-field-receipt_status')).toHaveTextContent('Mottak:— → til Mottatt med mangler eller skade');
    // 23:30 UTC on 1 March is 00:30 on 2 March in Oslo.
    expect(screen.getByTestId('audit-field-sent_at')).toHaveTextContent('Sendt:02.03.2026, 00:30 → til 02.03.2026, 09:00');
    expect(screen.getByTestId('audit-field-period')).toHaveTextContent('Periode:01.01.2031 – 01.02.2031 → til 01.01.2031 – 01.03.2031');
    unmount();
    await i18n.changeLanguage('en');
    // An id by the name of what it stands for; one gone since by its number.
    render(
      <AuditDiff
        entry={{ before: null, after: { file_id: 443, station_id: 12, surface_id: 3, category_ids: [1, 2] } }}
        names={{ files: { 443: 'oppe.png' }, users: { 12: 'Stasjon Majorstuen' }, categories: { 1: 'Fuel', 2: 'Food' } }}
      />,
    );
    expect(screen.getByTestId('audit-field-file_id')).toHaveTextContent('File:oppe.png');
    expect(screen.getByTestId('audit-field-station_id')).toHaveTextContent('Station:Stasjon Majorstuen');
    expect(screen.getByTestId('audit-field-surface_id')).toHaveTextContent('Surface:#3');
    expect(screen.getByTestId('audit-field-category_ids')).toHaveTextContent('Categories:Fuel, Food');
  });
});
