import { addDays, reviewFlowBody, type Milestone, type ReviewerRole, type ReviewPerson, type ReviewStage, type StageRule } from '@promo/shared';
import type { StageBody } from './api';

/** A stage as the editor holds it: the offset as typed, and a key that stays with it while it moves. */
export interface StageDraft {
  key: string;
  id: number | null;
  name: string;
  rule: StageRule;
  roles: ReviewerRole[];
  user_ids: number[];
  due_milestone: Milestone;
  due_offset_days: string;
}

export type StageField = 'name' | 'rule' | 'roles' | 'user_ids' | 'due_milestone' | 'due_offset_days';

/** Validation keys per stage (by its key) and for the flow as a whole. */
export interface FlowErrors {
  stages: Record<string, Partial<Record<StageField, string>>>;
  flow: string[];
}

export const NO_ERRORS: FlowErrors = { stages: {}, flow: [] };

let nextKey = 0;
const newKey = () => `new-${++nextKey}`;

export const draftsOf = (stages: ReviewStage[]): StageDraft[] =>
  stages.map((s) => ({
    key: s.id !== null ? `stage-${s.id}` : newKey(),
    id: s.id,
    name: s.name,
    rule: s.rule,
    roles: [...s.roles],
    user_ids: s.users.map((u) => u.id),
    due_milestone: s.due_milestone,
    due_offset_days: String(s.due_offset_days),
  }));

export const newStage = (): StageDraft => ({
  key: newKey(),
  id: null,
  name: '',
  rule: 'any',
  roles: ['category_manager'],
  user_ids: [],
  due_milestone: 'designs_complete',
  due_offset_days: '0',
});

/** The list with the stage at `from` moved by `by` places (−1 up, +1 down); the same list at the ends. */
export function moveStage<T>(list: T[], from: number, by: -1 | 1): T[] {
  const to = from + by;
  if (to < 0 || to >= list.length) return list;
  const next = [...list];
  [next[from], next[to]] = [next[to]!, next[from]!];
  return next;
}

/** What may be typed as whole days: an optional leading minus and at most three digits. */
export const offsetInput = (v: string) => {
  const minus = v.trimStart().startsWith('-') || v.trimStart().startsWith('−');
  const digits = v.replace(/\D/g, '').slice(0, 3);
  return (minus ? '-' : '') + digits;
};

/** Whether the drafts differ from what the server holds. */
export const draftsChanged = (a: StageDraft[], b: StageDraft[]) => {
  const plain = (list: StageDraft[]) => JSON.stringify(list.map(({ key: _key, ...rest }) => ({ ...rest, due_offset_days: rest.due_offset_days.trim() || '0' })));
  return plain(a) !== plain(b);
};

const FIELDS = new Set<string>(['name', 'rule', 'roles', 'user_ids', 'due_milestone', 'due_offset_days']);

/**
 * Errors keyed by the server's paths (`stages.2.name`, `stages`) put on the stages that were sent,
 * by their keys, so they stay with their stage when it is moved afterwards.
 */
export function errorsByStage(errors: Record<string, string[]>, sent: StageDraft[]): FlowErrors {
  const result: FlowErrors = { stages: {}, flow: [] };
  for (const [path, keys] of Object.entries(errors)) {
    const first = keys[0];
    if (!first) continue;
    const m = /^stages\.(\d+)\.(\w+)/.exec(path);
    const stage = m ? sent[Number(m[1])] : undefined;
    if (m && stage && FIELDS.has(m[2]!)) {
      const field = m[2] as StageField;
      result.stages[stage.key] = { ...result.stages[stage.key], [field]: result.stages[stage.key]?.[field] ?? first };
    } else if (!result.flow.includes(first)) result.flow.push(first);
  }
  return result;
}

/**
 * The body to send, checked by the same schema the server uses: the stages in their order, or the
 * errors in the server's shape when something is wrong.
 */
export function flowBody(drafts: StageDraft[]): { stages: StageBody[] } | { errors: Record<string, string[]> } {
  const raw = drafts.map((d) => ({
    ...(d.id !== null ? { id: d.id } : {}),
    name: d.name,
    rule: d.rule,
    roles: d.roles,
    user_ids: d.user_ids,
    due_milestone: d.due_milestone,
    due_offset_days: d.due_offset_days,
  }));
  const parsed = reviewFlowBody.safeParse({ stages: raw });
  if (!parsed.success) {
    const errors: Record<string, string[]> = {};
    for (const issue of parsed.error.issues) (errors[issue.path.map(String).join('.') || 'stages'] ??= []).push(issue.message);
    return { errors };
  }
  return {
    stages: parsed.data.stages.map((s) => ({
      ...(s.id !== undefined ? { id: s.id } : {}),
      name: s.name,
      rule: s.rule,
      roles: s.roles,
      user_ids: s.user_ids,
      due_milestone: s.due_milestone,
      due_offset_days: s.due_offset_days,
    })),
  };
}

/** A stage's day for this promotion: its milestone's day moved by the offset; null when unknown. */
export function dueDay(draft: StageDraft, milestoneDays: Partial<Record<Milestone, string>> | undefined): string | null {
  const day = milestoneDays?.[draft.due_milestone];
  if (!day || !/^-?\d{1,3}$/.test(draft.due_offset_days.trim() || '0')) return null;
  return addDays(day, Number(draft.due_offset_days.trim() || '0'));
}

/** The people a stage can name: the candidates, and anyone already named who no longer is one. */
export function peopleOf(candidates: (ReviewPerson & { role: string })[], stages: ReviewStage[]) {
  const people = new Map<number, ReviewPerson & { role?: string }>();
  for (const s of stages) for (const u of s.users) people.set(u.id, u);
  for (const c of candidates) people.set(c.id, c);
  return people;
}
