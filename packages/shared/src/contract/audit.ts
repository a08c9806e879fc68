import { z } from 'zod';
import type { AuditReferenceKind } from '../audit-names';
import { zOptionalDayInput } from '../date-input';
import { endpoint } from '../endpoint';
import { zId } from '../form-values';
import { listParams } from '../list-params';

/**
 * The audit log (decision 020): every change of data, sign-ins and sign-in-as, newest first.
 * Filters: who (actor id), what kind of entity, which action, and a range of Oslo calendar days.
 */
export const AUDIT_SORT_FIELDS = ['created_at'] as const;

/** An entity or action name as stored: lower case words with underscores. */
const zAuditName = z.preprocess(
  (v) => (v === '' || v === null ? undefined : v),
  z
    .string()
    .trim()
    .max(64, 'max_length')
    .regex(/^[a-z][a-z0-9_]*$/, 'invalid_characters')
    .optional(),
);
const zOptionalDay = zOptionalDayInput('invalid_date');

export const auditListQuery = listParams({
  sortFields: AUDIT_SORT_FIELDS,
  defaultSort: 'created_at',
  search: {
    actor_id: z.preprocess((v) => (v === '' || v === '0' ? undefined : v), zId.optional()),
    entity: zAuditName,
    action: zAuditName,
    date_picker: z.object({ from: zOptionalDay, to: zOptionalDay }).prefault({}),
  },
});
export type AuditListQuery = z.infer<typeof auditListQuery>;

export interface AuditPerson {
  id: number;
  name: string;
  surname: string;
}

export interface AuditEntryRow {
  id: number;
  /** The moment, an ISO time (shown in Oslo time). */
  created_at: string;
  action: string;
  entity: string;
  entity_id: number | null;
  /** Who did it; null for a failed sign-in (nobody) or a user since deleted for good. */
  actor: AuditPerson | null;
  /** The admin behind a sign-in-as session, when the change was made in one. */
  impersonator: AuditPerson | null;
  /** For an update only the fields that changed; for a create `after`, for a delete `before`. */
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
  /** The entity's page in the web app, when it has one and still exists. */
  link: string | null;
  /** The entity's name or title when it still exists. */
  label: string | null;
}

export interface AuditListData {
  entries: AuditEntryRow[];
  total: number;
  /** For the filter bar: every user (deleted ones too), the entities and actions the log holds. */
  users: (AuditPerson & { email: string; deleted: boolean })[];
  entities: string[];
  actions: string[];
  /** The names of what the page's id fields refer to (decision 031): kind → id → name. */
  names: Partial<Record<AuditReferenceKind, Record<number, string>>>;
}

export const audit = {
  list: endpoint({
    method: 'GET',
    path: '/api/audit-log',
    access: 'audit.view',
    query: auditListQuery,
    summary: 'The audit log a page at a time, newest first, filtered by user, entity, action and a range of days',
    example: {
      query: {
        count_show: 25,
        start_index: 0,
        obj_search: { actor_id: 1, entity: 'promotions', action: 'update', date_picker: { from: '2026-11-01', to: '2026-11-30' } },
      },
    },
  }),
};
