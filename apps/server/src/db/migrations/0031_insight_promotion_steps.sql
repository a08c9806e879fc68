CREATE TABLE "insight_promotion_steps" (
	"promotion_id" integer PRIMARY KEY NOT NULL,
	"brief" timestamp with time zone,
	"designs_complete" timestamp with time zone,
	"briefs_sent" boolean NOT NULL,
	"all_completed" boolean NOT NULL
);
--> statement-breakpoint
ALTER TABLE "insight_promotion_steps" ADD CONSTRAINT "insight_promotion_steps_promotion_id_promotions_id_fk" FOREIGN KEY ("promotion_id") REFERENCES "public"."promotions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Decision 039, revised: the deadline figures read one row per promotion instead of its design lines.
-- The same rules as the deadlines' per_promotion before (Cancelled lines do not count for the brief).
CREATE FUNCTION insight_rebuild_promotion_steps(promotion_ids integer[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM insight_promotion_steps WHERE promotion_id = ANY (promotion_ids);
  INSERT INTO insight_promotion_steps (promotion_id, brief, designs_complete, briefs_sent, all_completed)
    SELECT t.promotion_id,
           CASE WHEN count(*) FILTER (WHERE t.status <> 'Cancelled') > 0
                 AND count(*) FILTER (WHERE t.status = 'Created') = 0
                 AND bool_and(t.left_created IS NOT NULL) FILTER (WHERE t.status <> 'Cancelled')
                THEN max(t.left_created) FILTER (WHERE t.status <> 'Cancelled') END,
           CASE WHEN count(*) FILTER (WHERE t.status <> 'Completed') = 0 AND bool_and(t.completed IS NOT NULL)
                THEN max(t.completed) END,
           count(*) FILTER (WHERE t.status <> 'Cancelled') > 0 AND count(*) FILTER (WHERE t.status = 'Created') = 0,
           count(*) FILTER (WHERE t.status <> 'Completed') = 0
    FROM insight_design_steps t
    WHERE t.promotion_id = ANY (promotion_ids)
    GROUP BY t.promotion_id;
END $$;
--> statement-breakpoint
-- Under advisory locks per promotion (space 6; see 0029).
CREATE FUNCTION insight_refresh_promotion_steps(promotion_ids integer[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF coalesce(cardinality(promotion_ids), 0) = 0 THEN
    RETURN;
  END IF;
  PERFORM insight_lock_keys(6, promotion_ids);
  PERFORM insight_rebuild_promotion_steps(promotion_ids);
END $$;
--> statement-breakpoint
CREATE FUNCTION insight_promotion_steps_on_rows() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM insight_refresh_promotion_steps(array(SELECT DISTINCT promotion_id FROM new_rows));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM insight_refresh_promotion_steps(array(SELECT DISTINCT promotion_id FROM old_rows));
  ELSE
    -- Only what the promotion's row is made of: a line's turnaround figures change it not.
    PERFORM insight_refresh_promotion_steps(array(
      SELECT n.promotion_id FROM new_rows n JOIN old_rows o ON o.psd_id = n.psd_id
      WHERE (n.promotion_id, n.status, n.left_created, n.completed) IS DISTINCT FROM (o.promotion_id, o.status, o.left_created, o.completed)
      UNION
      SELECT o.promotion_id FROM new_rows n JOIN old_rows o ON o.psd_id = n.psd_id
      WHERE (n.promotion_id, n.status, n.left_created, n.completed) IS DISTINCT FROM (o.promotion_id, o.status, o.left_created, o.completed)));
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER insight_promotion_steps_inserted AFTER INSERT ON insight_design_steps REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION insight_promotion_steps_on_rows();
--> statement-breakpoint
CREATE TRIGGER insight_promotion_steps_updated AFTER UPDATE ON insight_design_steps REFERENCING NEW TABLE AS new_rows OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION insight_promotion_steps_on_rows();
--> statement-breakpoint
CREATE TRIGGER insight_promotion_steps_deleted AFTER DELETE ON insight_design_steps REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION insight_promotion_steps_on_rows();
--> statement-breakpoint
-- What exists already.
SELECT insight_rebuild_promotion_steps(array(SELECT DISTINCT promotion_id FROM insight_design_steps));
