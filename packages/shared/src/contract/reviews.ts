import { z } from 'zod';
import { endpoint } from '../endpoint';
import { zId } from '../form-values';
import { MILESTONES, type Milestone } from '../milestones';
import type { ChatFileType } from './chat';

/*
 * Review flows (issue 25, decision 040): a promotion's ordered stages, each with its reviewers, a
 * rule and a due day; every Sketch, HQ and LQ version goes through them and the design's status
 * follows the decisions.
 */

/** Reviewers by role: the cm of the design's category, every cm-admin, every admin. */
export const REVIEWER_ROLES = ['category_manager', 'cm-admin', 'admin'] as const;
export type ReviewerRole = (typeof REVIEWER_ROLES)[number];
/** 'any': one approval completes the stage; 'all': every reviewer of the stage must approve. */
export const STAGE_RULES = ['any', 'all'] as const;
export type StageRule = (typeof STAGE_RULES)[number];
export const MAX_STAGES = 10;
export const MAX_STAGE_REVIEWERS = 50;
export const STAGE_NAME_MAX = 80;
export const REVIEW_COMMENT_MAX = 2000;
/** A stage is due this many days before (negative) or after its milestone, within a year. */
export const MAX_DUE_OFFSET_DAYS = 365;
/** The real-time event of a decision, a skip or a version entering the flow, to everyone who sees the design. */
export const REVIEW_EVENT = 'ReviewEvent';

export const REVIEW_STATES = ['open', 'changes_requested', 'approved', 'replaced'] as const;
export type ReviewState = (typeof REVIEW_STATES)[number];
export const REVIEW_DECISIONS = ['approve', 'changes'] as const;
export type ReviewDecisionKind = (typeof REVIEW_DECISIONS)[number];

const text = (max: number, required: boolean) =>
  z.preprocess((v) => v ?? '', required ? z.string().trim().min(1, 'required_field').max(max, 'max_length') : z.string().trim().max(max, 'max_length'));
const digitsInt = (v: unknown) => (typeof v === 'string' && /^-?\d+$/.test(v.trim()) ? Number(v.trim()) : v);
/** A form sends one value as a string and several as an array; none as nothing. */
const listOf = <T extends z.ZodType>(item: T) =>
  z.preprocess((v) => (v === undefined || v === '' || v === null ? [] : Array.isArray(v) ? v : [v]), z.array(item));

export const reviewStageInput = z.object({
  /** An existing stage keeps its id (and the versions waiting in it); a new one has none. */
  id: z.preprocess((v) => (v === '' || v === null ? undefined : v), zId.optional()),
  name: text(STAGE_NAME_MAX, true),
  rule: z.enum(STAGE_RULES, 'invalid_rule'),
  roles: listOf(z.enum(REVIEWER_ROLES, 'invalid_reviewer_role')),
  user_ids: listOf(zId).refine((ids) => ids.length <= MAX_STAGE_REVIEWERS, 'too_many_reviewers'),
  due_milestone: z.enum(MILESTONES, 'invalid_milestone'),
  due_offset_days: z.preprocess(
    (v) => (v === '' || v === undefined || v === null ? 0 : digitsInt(v)),
    z.number({ error: 'digits_only' }).int('digits_only').min(-MAX_DUE_OFFSET_DAYS, 'due_offset_range').max(MAX_DUE_OFFSET_DAYS, 'due_offset_range'),
  ),
});
export type ReviewStageInput = z.output<typeof reviewStageInput>;

const stagesField = listOf(reviewStageInput)
  .refine((stages) => stages.length <= MAX_STAGES, 'too_many_stages')
  .superRefine((stages, ctx) => {
    stages.forEach((s, i) => {
      if (s.roles.length === 0 && s.user_ids.length === 0) ctx.addIssue({ code: 'custom', path: [i, 'user_ids'], message: 'stage_needs_reviewers' });
      if (new Set(s.roles).size !== s.roles.length || new Set(s.user_ids).size !== s.user_ids.length)
        ctx.addIssue({ code: 'custom', path: [i, 'user_ids'], message: 'reviewer_twice' });
    });
    const ids = stages.map((s) => s.id).filter((id) => id !== undefined);
    if (new Set(ids).size !== ids.length) ctx.addIssue({ code: 'custom', path: [], message: 'stage_twice' });
  });

export const reviewFlowBody = z.object({ stages: stagesField });
export const promotionReviewFlowBody = z.object({ promotion_id: zId, stages: stagesField });

export interface ReviewPerson {
  id: number;
  name: string;
}

/** A stage as a flow lists it. */
export interface ReviewStage {
  id: number | null;
  position: number;
  name: string;
  rule: StageRule;
  roles: ReviewerRole[];
  /** The named reviewers. */
  users: ReviewPerson[];
  due_milestone: Milestone;
  due_offset_days: number;
  /** The day it is due for this promotion ('YYYY-MM-DD'); null in the default flow. */
  due_on: string | null;
}

/** GET /api/review-flow, GET /api/system-settings/review-flow */
export interface ReviewFlowData {
  /** null for the default flow of system settings. */
  promotion_id: number | null;
  stages: ReviewStage[];
  /** Who may be named as a reviewer: active admins, cm-admins and cms. */
  candidates: (ReviewPerson & { role: string })[];
  /** The caller may change the flow. */
  can_edit: boolean;
}

export interface ReviewDecisionRow {
  id: number;
  decision: ReviewDecisionKind | 'skip';
  /** Whose decision it is; null for a skip. */
  reviewer: ReviewPerson | null;
  /** Set when an admin decided for the reviewer or skipped the stage. */
  decided_by: ReviewPerson | null;
  comment: string;
  reason: string;
  /** The pins (their numbers on the file) the decision points to. */
  pins: number[];
  create_date: string;
}

export type StageProgress = 'done' | 'open' | 'changes_requested' | 'waiting' | 'skipped';

export interface ReviewStageState {
  id: number;
  position: number;
  name: string;
  rule: StageRule;
  state: StageProgress;
  due_on: string | null;
  overdue: boolean;
  decisions: ReviewDecisionRow[];
  /** The reviewers who have not approved yet while the stage is open. */
  pending: ReviewPerson[];
}

/** One version of a Sketch, HQ or LQ file and how far it has come through the flow. */
export interface FileReview {
  message_id: number;
  type_file: Exclude<ChatFileType, ''>;
  file_name: string;
  state: ReviewState;
  stage_id: number | null;
  stages: ReviewStageState[];
  /** The caller is a reviewer of the open stage. */
  can_decide: boolean;
  /** The caller has already approved in the open stage. */
  approved_by_me: boolean;
  /** An admin: may skip the open stage or decide for one of its reviewers. */
  can_override: boolean;
  /** The open stage's reviewers, for an admin deciding for one of them. */
  reviewers: ReviewPerson[];
}

/** GET /api/design-chat/reviews: the current Sketch, HQ and LQ versions of a design. */
export interface DesignReviewsData {
  chat_id: number;
  reviews: FileReview[];
}

/** Where a design waits, for the lists: the stage, its due day and whether it is overdue. */
export interface DesignReviewMark {
  type_file: Exclude<ChatFileType, ''>;
  stage: string;
  due_on: string | null;
  overdue: boolean;
}

export interface ReviewEventPayload {
  chat_id: number;
  /** So a promotion's page refreshes the marks of its design list for its own designs only. */
  promotion_id: number;
  promotion_surface_design_id: number;
  message_id: number;
}

const chatFile = { chat_id: zId, message_id: zId };

export const reviewDecisionBody = z
  .object({
    ...chatFile,
    decision: z.enum(REVIEW_DECISIONS, 'invalid_decision'),
    comment: text(REVIEW_COMMENT_MAX, false),
    /** The numbers of pins on the file that the decision points to. */
    pins: listOf(zId).refine((ids) => ids.length <= 100, 'max_length'),
    /** An admin deciding for a reviewer of the open stage, with the reason. */
    on_behalf_of: z.preprocess((v) => (v === '' || v === null ? undefined : v), zId.optional()),
    reason: text(REVIEW_COMMENT_MAX, false),
  })
  .refine((b) => b.decision !== 'changes' || b.comment.length > 0, { path: ['comment'], message: 'comment_required' })
  .refine((b) => b.on_behalf_of === undefined || b.reason.length > 0, { path: ['reason'], message: 'reason_required' });
export type ReviewDecisionBody = z.output<typeof reviewDecisionBody>;

export const reviewSkipBody = z.object({
  ...chatFile,
  reason: text(REVIEW_COMMENT_MAX, true),
  /** The stage the admin saw open: a version that has moved on meanwhile is not skipped again. */
  stage_id: z.preprocess((v) => (v === '' || v === null ? undefined : v), zId.optional()),
});

export const reviews = {
  flow: endpoint({
    method: 'GET',
    path: '/api/review-flow',
    access: 'promotions.view',
    query: z.object({ promotion_id: zId }),
    summary: "A promotion's review flow: its stages, reviewers, rules and due days",
    example: { query: { promotion_id: 12 } },
  }),
  saveFlow: endpoint({
    method: 'PUT',
    path: '/api/review-flow',
    access: 'promotions.edit',
    body: promotionReviewFlowBody,
    summary: "Replace a promotion's review flow; versions waiting in a stage that goes move on to the next",
    example: {
      body: {
        promotion_id: 12,
        stages: [
          { name: 'Kategorisjef', rule: 'any', roles: ['category_manager'], user_ids: [], due_milestone: 'designs_complete', due_offset_days: -7 },
          { name: 'Markedsleder', rule: 'all', roles: [], user_ids: [3, 4], due_milestone: 'designs_complete', due_offset_days: -3 },
          { name: 'Admin', rule: 'any', roles: ['admin'], user_ids: [], due_milestone: 'designs_complete', due_offset_days: 0 },
        ],
      },
    },
  }),
  defaultFlow: endpoint({
    method: 'GET',
    path: '/api/system-settings/review-flow',
    access: 'settings.view',
    summary: 'The default review flow a new promotion starts with',
    example: {},
  }),
  saveDefaultFlow: endpoint({
    method: 'PUT',
    path: '/api/system-settings/review-flow',
    access: 'settings.view',
    body: reviewFlowBody,
    summary: 'Replace the default review flow (promotions that have theirs keep it)',
    example: { body: { stages: [{ name: 'Kategorisjef', rule: 'any', roles: ['category_manager', 'cm-admin', 'admin'], user_ids: [], due_milestone: 'designs_complete', due_offset_days: 0 }] } },
  }),
  design: endpoint({
    method: 'GET',
    path: '/api/design-chat/reviews',
    access: 'promotions.view',
    query: z.object({ chat_id: zId }),
    summary: "How the current Sketch, HQ and LQ versions of a design stand in the review flow",
    example: { query: { chat_id: 88 } },
  }),
  decide: endpoint({
    method: 'POST',
    path: '/api/design-chat/reviews/decide',
    access: 'promotions.view',
    body: reviewDecisionBody,
    summary: 'Approve a version in the open stage, or request changes with a comment (and pins)',
    example: { body: { chat_id: 88, message_id: 14, decision: 'changes', comment: 'Prisen må stå større.', pins: [1, 2] } },
  }),
  skip: endpoint({
    method: 'POST',
    path: '/api/design-chat/reviews/skip',
    access: 'reviews.override',
    body: reviewSkipBody,
    summary: "Skip a version's open stage, with the reason (admin)",
    example: { body: { chat_id: 88, message_id: 14, reason: 'Markedsleder er på ferie; godkjent på telefon.', stage_id: 3 } },
  }),
};
