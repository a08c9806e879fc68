CREATE TABLE "insight_hq_checks" (
	"message_id" integer PRIMARY KEY NOT NULL,
	"psd_id" integer NOT NULL,
	"period_from" date NOT NULL,
	"category_id" integer NOT NULL,
	"sender_id" integer,
	"status" text NOT NULL,
	"errors" text[] NOT NULL,
	"warnings" text[] NOT NULL
);
--> statement-breakpoint
ALTER TABLE "insight_hq_checks" ADD CONSTRAINT "insight_hq_checks_message_id_chat_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."chat_messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "insight_hq_checks" ADD CONSTRAINT "insight_hq_checks_psd_id_promotion_surface_designs_id_fk" FOREIGN KEY ("psd_id") REFERENCES "public"."promotion_surface_designs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "insight_hq_checks_psd_idx" ON "insight_hq_checks" USING btree ("psd_id");--> statement-breakpoint
CREATE INDEX "insight_hq_checks_period_idx" ON "insight_hq_checks" USING btree ("period_from","category_id","sender_id","status","errors","warnings");--> statement-breakpoint
CREATE INDEX "chat_messages_file_idx" ON "chat_messages" USING btree ("file_id");--> statement-breakpoint
-- The print quality read model (decision 039): each HQ file of the given design lines with a finished preflight.
-- An 'ok' file lists no findings (statusOf in lib/preflight/checks.ts gives 'ok' only without errors or warnings).
CREATE FUNCTION insight_refresh_hq_checks(psd_ids integer[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF coalesce(cardinality(psd_ids), 0) = 0 THEN
    RETURN;
  END IF;
  DELETE FROM insight_hq_checks WHERE psd_id = ANY (psd_ids);
  INSERT INTO insight_hq_checks (message_id, psd_id, period_from, category_id, sender_id, status, errors, warnings)
  SELECT m.id, ps.id, p.period_from, d.category_id, m.sender_id, fp.status,
         CASE WHEN fp.status = 'ok' THEN '{}'::text[] ELSE array(SELECT x->>'check' FROM jsonb_array_elements(fp.checks) x WHERE x->>'level' = 'error') END,
         CASE WHEN fp.status = 'ok' THEN '{}'::text[] ELSE array(SELECT x->>'check' FROM jsonb_array_elements(fp.checks) x WHERE x->>'level' = 'warning') END
  FROM promotion_surface_designs ps
  JOIN promotions p ON p.id = ps.promotion_id
  JOIN designs d ON d.id = ps.design_id
  JOIN chats c ON c.psd_id = ps.id
  JOIN chat_messages m ON m.chat_id = c.id AND m.type_file = 'HQ'
  JOIN file_preflights fp ON fp.file_id = m.file_id AND fp.status IN ('ok', 'warnings', 'errors')
  WHERE ps.id = ANY (psd_ids);
END $$;
--> statement-breakpoint
CREATE FUNCTION insight_hq_on_messages() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM insight_refresh_hq_checks(array(
    SELECT DISTINCT c.psd_id FROM changed_rows m JOIN chats c ON c.id = m.chat_id WHERE m.type_file = 'HQ'));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER insight_hq_messages_inserted AFTER INSERT ON chat_messages REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION insight_hq_on_messages();
--> statement-breakpoint
-- Only a change of what the model holds refreshes (a read mark, a replacement or a rating does not).
CREATE FUNCTION insight_hq_on_message_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM insight_refresh_hq_checks(array(
    SELECT c.psd_id FROM new_rows n JOIN old_rows o ON o.id = n.id JOIN chats c ON c.id = n.chat_id
    WHERE (n.type_file, n.file_id, n.sender_id) IS DISTINCT FROM (o.type_file, o.file_id, o.sender_id) AND 'HQ' IN (n.type_file, o.type_file)
    UNION
    SELECT c.psd_id FROM new_rows n JOIN old_rows o ON o.id = n.id JOIN chats c ON c.id = o.chat_id
    WHERE n.chat_id IS DISTINCT FROM o.chat_id AND 'HQ' IN (n.type_file, o.type_file)));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER insight_hq_message_changed AFTER UPDATE ON chat_messages REFERENCING NEW TABLE AS new_rows OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION insight_hq_on_message_change();
--> statement-breakpoint
-- A preflight started, finished or removed: the design lines whose chats sent its file.
CREATE FUNCTION insight_hq_on_preflights() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM insight_refresh_hq_checks(array(
    SELECT DISTINCT c.psd_id FROM changed_rows f JOIN chat_messages m ON m.file_id = f.file_id AND m.type_file = 'HQ' JOIN chats c ON c.id = m.chat_id));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER insight_hq_preflights_inserted AFTER INSERT ON file_preflights REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION insight_hq_on_preflights();
--> statement-breakpoint
CREATE TRIGGER insight_hq_preflights_updated AFTER UPDATE ON file_preflights REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION insight_hq_on_preflights();
--> statement-breakpoint
CREATE TRIGGER insight_hq_preflights_deleted AFTER DELETE ON file_preflights REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION insight_hq_on_preflights();
--> statement-breakpoint
-- What a file is counted under: its design's category, its design line's design or promotion, the promotion's first day.
CREATE FUNCTION insight_hq_on_design_category() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM insight_refresh_hq_checks(array(
    SELECT DISTINCT h.psd_id FROM new_rows n JOIN old_rows o ON o.id = n.id
    JOIN promotion_surface_designs ps ON ps.design_id = n.id JOIN insight_hq_checks h ON h.psd_id = ps.id
    WHERE n.category_id IS DISTINCT FROM o.category_id));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER insight_hq_design_category AFTER UPDATE ON designs REFERENCING NEW TABLE AS new_rows OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION insight_hq_on_design_category();
--> statement-breakpoint
CREATE FUNCTION insight_hq_on_design_line() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM insight_refresh_hq_checks(array(
    SELECT n.id FROM new_rows n JOIN old_rows o ON o.id = n.id
    WHERE (n.design_id, n.promotion_id) IS DISTINCT FROM (o.design_id, o.promotion_id)));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER insight_hq_design_line AFTER UPDATE ON promotion_surface_designs REFERENCING NEW TABLE AS new_rows OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION insight_hq_on_design_line();
--> statement-breakpoint
CREATE FUNCTION insight_hq_on_promotion_period() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  moved integer[] := array(SELECT n.id FROM new_rows n JOIN old_rows o ON o.id = n.id WHERE n.period_from IS DISTINCT FROM o.period_from);
BEGIN
  IF cardinality(moved) > 0 THEN
    UPDATE insight_hq_checks h SET period_from = p.period_from
    FROM promotion_surface_designs ps JOIN promotions p ON p.id = ps.promotion_id
    WHERE h.psd_id = ps.id AND ps.promotion_id = ANY (moved);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER insight_hq_promotion_period AFTER UPDATE ON promotions REFERENCING NEW TABLE AS new_rows OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION insight_hq_on_promotion_period();
--> statement-breakpoint
-- What exists already.
SELECT insight_refresh_hq_checks(array(SELECT DISTINCT c.psd_id FROM chat_messages m JOIN chats c ON c.id = m.chat_id WHERE m.type_file = 'HQ'));
