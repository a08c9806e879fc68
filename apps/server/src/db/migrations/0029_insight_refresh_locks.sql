-- Two transactions refreshing the same key at once (a chat send while the preflight worker finishes the
-- previous file) both deleted the key's rows and inserted them again: the second inserted beside the
-- first's committed rows (a duplicate key error, or doubled amounts where the table has no key).
-- Each refresh now takes transaction-scoped advisory locks before it reads; the rebuilding bodies are
-- unchanged under new names. Lock spaces: 1 promotions, 2 design-line steps, 3 design-line HQ checks
-- (the two-integer form, apart from the one-bigint locks of login and uploads).
-- A few keys: the space's key 0 shared and each key exclusive, in key order. Many keys (a surface's
-- new price refreshes every promotion using it): the space's key 0 exclusive, waiting for every other
-- refresh of the space, because one lock per key would fill the lock table (PGlite and a default
-- PostgreSQL hold about 6,400 locks in all: "out of shared memory").
CREATE FUNCTION insight_lock_keys(space integer, keys integer[]) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  k integer;
BEGIN
  IF coalesce(cardinality(keys), 0) > 100 THEN
    PERFORM pg_advisory_xact_lock(space, 0);
    RETURN;
  END IF;
  PERFORM pg_advisory_xact_lock_shared(space, 0);
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
