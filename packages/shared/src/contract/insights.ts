import { z } from 'zod';
import { GROUPS } from '../constants';
import { zOptionalDayInput } from '../date-input';
import { endpoint } from '../endpoint';
import { zId } from '../form-values';
import type { Milestone } from '../milestones';

/**
 * The chain's overview (issue 24, decision 038): figures over the promotions whose period starts
 * in a range of Oslo days (default the last 12 months), for admin and cm-admin, and for a cm over
 * its own categories only. Each call is one section of the /insights page; each of its lists is
 * one SQL aggregate.
 */
const zOptionalDay = zOptionalDayInput('invalid_date');
const blankToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);

export const insightsQuery = z
  .object({
    from: zOptionalDay,
    to: zOptionalDay,
    category_id: z.preprocess(blankToUndefined, zId.optional()),
    /** A station group: the figures of stations (cost per station and group, delivery) keep to it. */
    group: z.preprocess(blankToUndefined, z.enum(GROUPS, { error: 'invalid_group' }).optional()),
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, { path: ['to'], message: 'to_before_from' });
export type InsightsQuery = z.infer<typeof insightsQuery>;

/** The range the figures cover, as the server took it (the defaults filled in). */
export interface InsightsRange {
  from: string;
  to: string;
}

/** An amount in kroner with two decimals, as a string ('3112.50'): sums of prices stay exact. */
export type Kroner = string;

export interface CostInsights {
  range: InsightsRange;
  /** Each month (of the promotions' first day) and category: the print total. */
  by_month: { month: string; category_id: number; category: string; total: Kroner }[];
  /** Each promotion sent to the printers in the range: its print total (the report's Total price). */
  by_promotion: { promotion_id: number; name: string; period_from: string; total: Kroner }[];
  by_category: { category_id: number; category: string; total: Kroner }[];
  /** The ten surfaces that cost the most. */
  top_surfaces: { surface_id: number; name: string; total: Kroner }[];
  /** Station figures: the station's own amounts × price (the report's percent extra is no station's). */
  by_group: { group: string | null; total: Kroner; stations: number }[];
  /** The ten stations that cost the most, and the mean over every station that received anything. */
  top_stations: { station_id: number; name: string; group: string | null; total: Kroner }[];
  per_station_mean: Kroner;
  total: Kroner;
}

export interface MilestoneShare {
  milestone: Milestone;
  on_time: number;
  late: number;
  /** Not done and past its day: late too, still open. */
  open_late: number;
}

export interface DeadlineInsights {
  range: InsightsRange;
  /** Per milestone over the range: done on time, done late, and past its day without being done. */
  milestones: MilestoneShare[];
  /** The same per month of the milestone's day. */
  by_month: (MilestoneShare & { month: string })[];
  /** The promotions that were late, the latest first (at most 50). */
  late: { promotion_id: number; name: string; milestone: Milestone; due_on: string; done_on: string | null; days_late: number }[];
}

export interface StationDelivery {
  station_id: number;
  name: string;
  group: string | null;
  parcels: number;
  confirmed_in_time: number;
  problems: number;
  /** Surfaces the station received, and of them those it photographed in place. */
  surfaces: number;
  photographed: number;
  /** The promotion where it most recently missed the confirmation or a photo: its follow-up. */
  follow_up_promotion_id: number | null;
}

export interface DeliveryInsights {
  range: InsightsRange;
  by_group: (Pick<StationDelivery, 'group' | 'parcels' | 'confirmed_in_time' | 'problems' | 'surfaces' | 'photographed'> & { stations: number })[];
  /** The stations that most often confirmed late or not at all, then those with fewest photos (at most 20 each). */
  late_stations: StationDelivery[];
  without_photos: StationDelivery[];
}

export interface TurnaroundFigures {
  designs: number;
  /** Days, median and 90th percentile, for each step; null where no design took the step. */
  brief_to_sketch: { median: number | null; p90: number | null };
  sketch_to_approved: { median: number | null; p90: number | null };
  approved_to_completed: { median: number | null; p90: number | null };
  brief_to_completed: { median: number | null; p90: number | null };
  /** Mean number of times a design went to Correction. */
  correction_rounds: number;
  /** Days the designs waited, in total, on the designer and on the managers. */
  waiting_on_designer: number;
  waiting_on_manager: number;
}

export interface TurnaroundInsights {
  range: InsightsRange;
  by_category: (TurnaroundFigures & { category_id: number; category: string })[];
  by_designer: (TurnaroundFigures & { designer_id: number | null; designer: string | null })[];
}

export interface PrintQualityInsights {
  range: InsightsRange;
  /** Each designer's checked HQ files: how many had errors, warnings or passed. */
  by_designer: { designer_id: number | null; designer: string | null; files: number; errors: number; warnings: number }[];
  /** Each kind of check (a key of `preflight.checks`): how often it was an error and a warning. */
  by_check: { check: string; errors: number; warnings: number }[];
}

const example = { query: { from: '2026-01-01', to: '2026-12-31', category_id: 3, group: 'RBA' as const } };

export const insights = {
  cost: endpoint({
    method: 'GET',
    path: '/api/insights/cost',
    access: 'insights.view',
    query: insightsQuery,
    summary: 'What the promotions sent to the printers cost: per month and category, promotion, surface, station group and station',
    example,
  }),
  deadlines: endpoint({
    method: 'GET',
    path: '/api/insights/deadlines',
    access: 'insights.view',
    query: insightsQuery,
    summary: 'Deadlines kept: per milestone the share done on time, month by month, and the promotions that were late',
    example,
  }),
  delivery: endpoint({
    method: 'GET',
    path: '/api/insights/delivery',
    access: 'insights.view',
    query: insightsQuery,
    summary: 'Delivery and placement: parcels confirmed in time, problems and placement photos per station group and station',
    example,
  }),
  turnaround: endpoint({
    method: 'GET',
    path: '/api/insights/turnaround',
    access: 'insights.view',
    query: insightsQuery,
    summary: 'Design turnaround: brief, first sketch, approval and completion, median and 90th percentile per category and designer',
    example,
  }),
  printQuality: endpoint({
    method: 'GET',
    path: '/api/insights/print-quality',
    access: 'insights.view',
    query: insightsQuery,
    summary: 'Print quality: preflight errors and warnings per designer and per kind of check',
    example,
  }),
};
