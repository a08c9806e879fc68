-- Two transactions refreshing the same key at once (a chat send while the preflight worker finishes the
-- previous file) both deleted the key's rows and inserted them again: the second inserted beside the
-- first's committed rows (a duplicate key error, or doubled amounts where the table has no key).
-- Each refresh now takes a transaction-scoped advisory lock per key, in key order, before it reads;
-- the rebuilding bodies are unchanged under new names. Lock spaces: 1 promotions, 2 design-line
-- steps, 3 design-line HQ checks (the two-integer form, apart from the one-bigint locks of login and uploads).
CREATE FUNCTION insight_lock_keys(space integer, keys integer[]) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  k integer;
BEGIN
  FOR k IN SELECT DISTINCT x FROM unnest(keys) x WHERE x IS NOT NULL ORDER BY x LOOP
    PERFORM pg_advisory_xact_lock(space, k);
  END LOOP;
END $$;
--> statement-breakpoint
ALTER FUNCTION insight_refresh(integer[]) RENAME TO insight_rebuild_promotions;
--> statement-breakpoint
CREATE FUNCTION insight_refresh(promotion_ids integer[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM insight_lock_keys(1, promotion_ids);
  PERFORM insight_rebuild_promotions(promotion_ids);
END $$;
--> statement-breakpoint
ALTER FUNCTION insight_refresh_steps(integer[]) RENAME TO insight_rebuild_steps;
--> statement-breakpoint
CREATE FUNCTION insight_refresh_steps(psd_ids integer[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM insight_lock_keys(2, psd_ids);
  PERFORM insight_rebuild_steps(psd_ids);
END $$;
--> statement-breakpoint
ALTER FUNCTION insight_refresh_hq_checks(integer[]) RENAME TO insight_rebuild_hq_checks;
--> statement-breakpoint
CREATE FUNCTION insight_refresh_hq_checks(psd_ids integer[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM insight_lock_keys(3, psd_ids);
  PERFORM insight_rebuild_hq_checks(psd_ids);
END $$;
