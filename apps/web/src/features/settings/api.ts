import { queryOptions } from '@tanstack/react-query';
import { settings, type SystemSetting, type SystemSettingBody, type SystemSettingData } from '@promo/shared';
import { call } from '@/lib/api-client';

export const settingsKeys = { all: ['system-settings'] as const };

/** The answer is used only when its shape is right; otherwise the page keeps what it had. */
export function isSettingsData(data: unknown): data is SystemSettingData {
  const d = data as SystemSettingData | undefined;
  return !!d && Array.isArray(d.admins) && Array.isArray(d.distributors) && (d.settings === null || typeof d.settings === 'object');
}

export const settingsQuery = queryOptions({
  queryKey: settingsKeys.all,
  queryFn: async ({ signal }) => {
    const res = await call<SystemSettingData>(settings.get, {}, { silent: true, signal });
    if (!isSettingsData(res.data)) throw new Error('Unexpected data format');
    return res.data;
  },
  // Users change on the users page: ask again on every visit.
  refetchOnMount: 'always',
});

/** PUT the existing row, or POST the first one. */
export const saveSettings = (id: number | null, body: SystemSettingBody) =>
  id === null
    ? call<{ settings: SystemSetting }>(settings.create, { body: { ...body } }, { silent: true })
    : call<{ settings: SystemSetting }>(settings.update, { params: { id }, body: { ...body } }, { silent: true });
