import { describe, expect, it } from 'vitest';
import { percentInput, systemSettingBody } from '@promo/shared';
import { formValuesOf, settingsChanged } from './pages/system-settings-page';

const data = {
  settings: {
    id: 1,
    distributor_id: 6,
    admin_id: 1,
    percent_promotion_report: 10,
    surface_size_unit: 'cm' as const,
    milestone_days: { brief: 42, designs_complete: 28, sent_to_printers: 21, printed: 14, delivered: 7 },
    digest_hour: 7,
    upload_quota_mb: 500,
    upload_quota_files: 50,
  },
  admins: [
    { id: 1, name: 'Ingrid Admin', role: 'admin' as const },
    { id: 3, name: 'Kari Nordmann', role: 'cm-admin' as const },
  ],
  distributors: [{ id: 6, name: 'Distribusjon Norge', role: 'distributor' as const }],
};

describe('system settings form', () => {
  it('starts from the stored values; a user who can no longer be chosen shows as none', () => {
    const days = { brief: '42', designs_complete: '28', sent_to_printers: '21', printed: '14', delivered: '7' };
    expect(formValuesOf(data)).toEqual({
      distributor_id: '6',
      admin_id: '1',
      percent_promotion_report: '10',
      surface_size_unit: 'cm',
      milestone_days: days,
      digest_hour: '7',
      upload_quota_mb: '500',
      upload_quota_files: '50',
    });
    expect(formValuesOf({ ...data, settings: { ...data.settings, admin_id: 99, distributor_id: null } })).toMatchObject({ admin_id: '', distributor_id: '' });
    expect(formValuesOf({ ...data, settings: null })).toEqual({
      distributor_id: '',
      admin_id: '',
      percent_promotion_report: '',
      surface_size_unit: 'cm',
      milestone_days: { brief: '42', designs_complete: '28', sent_to_printers: '21', printed: '14', delivered: '7' },
      digest_hour: '7',
      // The quota's defaults until the settings exist (decision 028).
      upload_quota_mb: '2048',
      upload_quota_files: '200',
    });
  });

  it('offers Save only when something changed', () => {
    const stored = formValuesOf(data);
    expect(settingsChanged(stored, { ...stored })).toBe(false);
    expect(settingsChanged({ ...stored, percent_promotion_report: '11' }, stored)).toBe(true);
    expect(settingsChanged({ ...stored, admin_id: '3' }, stored)).toBe(true);
    expect(settingsChanged({ ...stored, distributor_id: '' }, stored)).toBe(true);
    expect(settingsChanged({ ...stored, digest_hour: '6' }, stored)).toBe(true);
    expect(settingsChanged({ ...stored, upload_quota_mb: '600' }, stored)).toBe(true);
    expect(settingsChanged({ ...stored, upload_quota_files: '51' }, stored)).toBe(true);
    expect(settingsChanged({ ...stored, milestone_days: { ...stored.milestone_days, printed: '10' } }, stored)).toBe(true);
  });

  it('keeps digits only in the percent input and validates like the server', () => {
    expect(percentInput('-12a.5')).toBe('125');
    expect(percentInput('007')).toBe('7');
    expect(percentInput('0')).toBe('0');
    expect(systemSettingBody.safeParse({ distributor_id: '6', admin_id: '1', percent_promotion_report: '15' }).data).toEqual({ distributor_id: 6, admin_id: 1, percent_promotion_report: 15 });
    const bad = systemSettingBody.safeParse({ distributor_id: '', admin_id: '1', percent_promotion_report: '' });
    expect(bad.success).toBe(false);
    expect(bad.error!.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['distributor_id', 'required_field'],
      ['percent_promotion_report', 'required_field'],
    ]);
  });
});
