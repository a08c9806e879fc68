import { z } from 'zod';
import type { Role } from '../constants';
import { endpoint } from '../endpoint';
import { zIdParam } from '../form-values';
import { updateBodyOf } from '../update-body';

/** Who may be the promotions admin of system settings: the roles that manage promotions. */
export const PROMOTIONS_ADMIN_ROLES = ['admin', 'cm-admin'] as const satisfies readonly Role[];
/** The distributor of system settings has role distributor. */
export const DISTRIBUTOR_ROLES = ['distributor'] as const satisfies readonly Role[];

/** The report's percent is a whole number; 1000 % is far beyond any real extra amount. */
export const MAX_REPORT_PERCENT = 1000;

/** The percent input keeps digits only (spec 001 §5), without leading zeros. */
export const percentInput = (value: string) => value.replace(/\D/g, '').replace(/^0+(?=\d)/, '').slice(0, 4);

const digitsToNumber = (v: unknown) => (typeof v === 'string' && /^\d+$/.test(v.trim()) ? Number(v.trim()) : v);

/** percent_promotion_report: digits only, min 0 (spec 001 §5, §9). */
export const zReportPercent = z.preprocess(
  (v) => (v === '' || v === null ? undefined : digitsToNumber(v)),
  z
    .number({ error: (issue) => (issue.input === undefined ? 'required_field' : 'digits_only') })
    .int('digits_only')
    .min(0, 'percent_min_0')
    .max(MAX_REPORT_PERCENT, 'percent_too_large'),
);

/** A chosen user: required, a positive id given as digits. */
const zChosenUser = z.preprocess(
  (v) => (v === '' || v === null ? undefined : digitsToNumber(v)),
  z
    .number({ error: (issue) => (issue.input === undefined ? 'required_field' : 'digits_only') })
    .int('digits_only')
    .min(1, 'required_field')
    .max(2_147_483_647, 'digits_only'),
);

const systemSettingFields = {
  distributor_id: zChosenUser,
  admin_id: zChosenUser,
  percent_promotion_report: zReportPercent,
};
export const systemSettingBody = z.object(systemSettingFields);
export const systemSettingUpdateBody = updateBodyOf(systemSettingFields);
export type SystemSettingBody = z.infer<typeof systemSettingBody>;
export type SystemSettingUpdateBody = z.infer<typeof systemSettingUpdateBody>;

export interface SystemSetting {
  id: number;
  distributor_id: number | null;
  admin_id: number | null;
  percent_promotion_report: number;
}

export interface SettingsUserOption {
  id: number;
  name: string;
  role: Role;
}

/** GET /api/system-setting: the one row (null before it is created) and the users it may name. */
export interface SystemSettingData {
  settings: SystemSetting | null;
  admins: SettingsUserOption[];
  distributors: SettingsUserOption[];
}

export const settings = {
  get: endpoint({ method: 'GET', path: '/api/system-setting', access: 'settings.view' }),
  create: endpoint({ method: 'POST', path: '/api/system-setting', access: 'settings.view', body: systemSettingBody }),
  update: endpoint({ method: 'PUT', path: '/api/system-setting/{id}', access: 'settings.view', params: zIdParam, body: systemSettingUpdateBody }),
};
