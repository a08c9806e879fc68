/** Review flows (issue 25, decision 040): a promotion's stages, the versions going through them and the decisions. */
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { timestamps } from './columns';
import { chatMessages, filePins } from './design-chat';
import { users } from './people';
import { promotions, promotionSurfaceDesigns } from './promotions';

/**
 * A promotion has its own flow once this row exists: made from system settings' default when the
 * promotion's first file enters review or its flow is first saved. No stages: no review, the status
 * is set by hand and by sketch ratings alone (decision 030).
 */
export const reviewFlows = pgTable('review_flows', {
  promotion_id: integer('promotion_id')
    .primaryKey()
    .references(() => promotions.id, { onDelete: 'cascade' }),
  updated_by_id: integer('updated_by_id').references(() => users.id, { onDelete: 'set null' }),
  ...timestamps,
});

export const reviewStages = pgTable(
  'review_stages',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    promotion_id: integer('promotion_id')
      .notNull()
      .references(() => reviewFlows.promotion_id, { onDelete: 'cascade' }),
    /** 1, 2, 3 ... in the order the stages open. */
    position: integer('position').notNull(),
    name: text('name').notNull(),
    rule: text('rule').notNull(),
    /** Reviewers by role (REVIEWER_ROLES): the design category's cm, every cm-admin, every admin. */
    roles: text('roles').array().notNull().default(sql`'{}'::text[]`),
    due_milestone: text('due_milestone').notNull(),
    /** Days after (positive) or before (negative) the milestone's day. */
    due_offset_days: integer('due_offset_days').notNull().default(0),
    ...timestamps,
  },
  (t) => [
    index('review_stages_promotion_idx').on(t.promotion_id, t.position),
    check('review_stages_rule_check', sql`${t.rule} in ('any', 'all')`),
    check('review_stages_milestone_check', sql`${t.due_milestone} in ('brief', 'designs_complete', 'sent_to_printers', 'printed', 'delivered')`),
  ],
);

/** The reviewers a stage names. */
export const reviewStageUsers = pgTable(
  'review_stage_users',
  {
    stage_id: integer('stage_id')
      .notNull()
      .references(() => reviewStages.id, { onDelete: 'cascade' }),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.stage_id, t.user_id] }), index('review_stage_users_user_idx').on(t.user_id)],
);

/** One Sketch, HQ or LQ version in the flow: the stage it waits in and how it stands. */
export const fileReviews = pgTable(
  'file_reviews',
  {
    message_id: integer('message_id')
      .primaryKey()
      .references(() => chatMessages.id, { onDelete: 'cascade' }),
    psd_id: integer('psd_id')
      .notNull()
      .references(() => promotionSurfaceDesigns.id, { onDelete: 'cascade' }),
    type_file: text('type_file').notNull(),
    /** The open stage, or the stage that asked for changes; null once approved (or its stage went). */
    stage_id: integer('stage_id').references(() => reviewStages.id, { onDelete: 'set null' }),
    state: text('state').notNull().default('open'),
    stage_opened_at: timestamp('stage_opened_at', { withTimezone: true }).notNull().defaultNow(),
    finished_at: timestamp('finished_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    index('file_reviews_psd_idx').on(t.psd_id, t.type_file),
    index('file_reviews_open_stage_idx').on(t.stage_id).where(sql`${t.state} = 'open'`),
    check('file_reviews_state_check', sql`${t.state} in ('open', 'changes_requested', 'approved', 'replaced')`),
    check('file_reviews_type_check', sql`${t.type_file} in ('Sketch', 'HQ', 'LQ')`),
  ],
);

/**
 * A reviewer's decision on a version in a stage (approve, changes), or a stage skipped. One per
 * reviewer, version and stage: deciding again while the stage is open replaces it.
 */
export const reviewDecisions = pgTable(
  'review_decisions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    message_id: integer('message_id')
      .notNull()
      .references(() => fileReviews.message_id, { onDelete: 'cascade' }),
    stage_id: integer('stage_id').references(() => reviewStages.id, { onDelete: 'set null' }),
    /** The stage's name when decided: the history stays readable when the stage goes. */
    stage_name: text('stage_name').notNull(),
    /** Whose decision it is; null for a skip. */
    reviewer_id: integer('reviewer_id').references(() => users.id, { onDelete: 'set null' }),
    /** Who made it: the reviewer, or an admin for the reviewer or skipping. */
    decided_by_id: integer('decided_by_id').references(() => users.id, { onDelete: 'set null' }),
    decision: text('decision').notNull(),
    comment: text('comment').notNull().default(''),
    reason: text('reason').notNull().default(''),
    ...timestamps,
  },
  (t) => [
    index('review_decisions_message_idx').on(t.message_id, t.stage_id),
    uniqueIndex('review_decisions_one_per_reviewer').on(t.message_id, t.stage_id, t.reviewer_id).where(sql`${t.reviewer_id} is not null`),
    check('review_decisions_decision_check', sql`${t.decision} in ('approve', 'changes', 'skip')`),
  ],
);

/** The pins a decision points to. */
export const reviewDecisionPins = pgTable(
  'review_decision_pins',
  {
    decision_id: integer('decision_id')
      .notNull()
      .references(() => reviewDecisions.id, { onDelete: 'cascade' }),
    pin_id: integer('pin_id')
      .notNull()
      .references(() => filePins.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.decision_id, t.pin_id] })],
);
