import { z } from 'zod';
import type { Role } from '../constants';
import { endpoint } from '../endpoint';
import { zIdParam } from '../form-values';
import { updateBodyOf } from '../update-body';
import type { MilestoneDays } from '../milestones';
import { zDigestHour, zMilestoneDays } from './milestones';

/** Who may be the promotions admin of system settings: the roles that manage promotions. */
export const PROMOTIONS_ADMIN_ROLES = ['admin', 'cm-admin'] as const satisfies readonly Role[];
/** The distributor of system settings has role distributor. */
export const DISTRIBUTOR_ROLES = ['distributor'] as const satisfies readonly Role[];

/** The unit of the surfaces' sizes ('H50 x W70'), which HQ files are checked against (decision 017). */
export const SURFACE_SIZE_UNITS = ['cm', 'mm'] as const;
export type SurfaceSizeUnit = (typeof SURFACE_SIZE_UNITS)[number];

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

/** Each user's upload quota (decision 028): what its unclaimed uploads of the last day may add up to. */
export const DEFAULT_UPLOAD_QUOTA = { mb: 2048, files: 200 } as const;
export const MAX_UPLOAD_QUOTA_MB = 1_000_000;
export const MAX_UPLOAD_QUOTA_FILES = 100_000;

/** A whole number from 1 to `max`, typed as digits. */
const zQuota = (max: number) =>
  z.preprocess(
    (v) => (v === '' || v === null ? undefined : digitsToNumber(v)),
    z
      .number({ error: (issue) => (issue.input === undefined ? 'required_field' : 'digits_only') })
      .int('digits_only')
      .min(1, 'upload_quota_range')
      .max(max, 'upload_quota_range'),
  );

const systemSettingFields = {
  distributor_id: zChosenUser,
  admin_id: zChosenUser,
  percent_promotion_report: zReportPercent,
  /** Optional: the row keeps 'cm' (or what it has) when a form does not send it. */
  surface_size_unit: z.enum(SURFACE_SIZE_UNITS, 'invalid_unit').optional(),
  /** Optional: the days before a promotion's first day of each milestone (issue 15). */
  milestone_days: zMilestoneDays.optional(),
  /** Optional: the Oslo hour of the daily digest e-mail. */
  digest_hour: zDigestHour.optional(),
  /** Optional: each user's upload quota, MB and files. */
  upload_quota_mb: zQuota(MAX_UPLOAD_QUOTA_MB).optional(),
  upload_quota_files: zQuota(MAX_UPLOAD_QUOTA_FILES).optional(),
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
  surface_size_unit: SurfaceSizeUnit;
  milestone_days: MilestoneDays;
  digest_hour: number;
  upload_quota_mb: number;
  upload_quota_files: number;
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
  get: endpoint({
    method: 'GET',
    path: '/api/system-setting',
    access: 'settings.view',
    summary: 'The system settings and the users they may name',
    example: {},
  }),
  create: endpoint({
    method: 'POST',
    path: '/api/system-setting',
    access: 'settings.view',
    body: systemSettingBody,
    answer: 'created',
    summary: 'Create the system settings (once): the distributor, the promotions admin, the report percent and the unit of surface sizes',
    example: { body: { distributor_id: 6, admin_id: 1, percent_promotion_report: 10, surface_size_unit: 'cm' } },
  }),
  update: endpoint({
    method: 'PUT',
    path: '/api/system-setting/{id}',
    access: 'settings.view',
    params: zIdParam,
    body: systemSettingUpdateBody,
    summary: 'Change the system settings: only the fields sent',
    example: { params: { id: 1 }, body: { percent_promotion_report: 15 } },
  }),
};
