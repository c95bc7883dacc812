ALTER TABLE "cccam_servers" ADD COLUMN "standby_id" integer;--> statement-breakpoint
ALTER TABLE "cccam_servers" ADD CONSTRAINT "cccam_servers_standby_id_cccam_servers_id_fk" FOREIGN KEY ("standby_id") REFERENCES "public"."cccam_servers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "cccam_servers_standby_idx" ON "cccam_servers" USING btree ("standby_id");--> statement-breakpoint
ALTER TABLE "cccam_servers" ADD CONSTRAINT "cccam_servers_standby_check" CHECK ("cccam_servers"."standby_id" <> "cccam_servers"."id");--> statement-breakpoint
-- Every change queued for a server that has a standby is queued for the standby too (docs/standby.md),
-- as its own row: a standby that is down never holds up its primary, and catches up through the
-- worker's retries. Its rows have no line_id: the line's sync state is its primary's alone. An
-- adoption is not copied (the hand-written entry exists only on the primary). A delete is not copied
-- when the line now lives on the standby itself: promoting a standby moves the lines onto it, and
-- the primary's removals must not remove them from the server that now serves them.
CREATE OR REPLACE FUNCTION line_sync_outbox_to_standby() RETURNS trigger LANGUAGE plpgsql AS $fn$
DECLARE
  standby integer;
BEGIN
  SELECT standby_id INTO standby FROM cccam_servers WHERE id = NEW.server_id;
  IF standby IS NULL THEN
    RETURN NULL;
  END IF;
  IF NEW.operation = 'delete' AND EXISTS (
    SELECT 1 FROM users WHERE server_id = standby AND username = NEW.username AND archived_at IS NULL
  ) THEN
    RETURN NULL;
  END IF;
  INSERT INTO line_sync_outbox AS o (line_id, server_id, username, operation, payload)
  VALUES (NULL, standby, NEW.username, NEW.operation, NEW.payload)
  ON CONFLICT (server_id, username) DO UPDATE SET
    operation = excluded.operation, payload = excluded.payload, attempts = 0,
    next_attempt_at = now(), last_error = NULL
  WHERE o.operation <> 'adopt';
  RETURN NULL;
END
$fn$;--> statement-breakpoint
CREATE TRIGGER line_sync_outbox_standby AFTER INSERT OR UPDATE OF operation, payload ON line_sync_outbox
FOR EACH ROW WHEN (NEW.operation <> 'adopt') EXECUTE FUNCTION line_sync_outbox_to_standby();
--> statement-breakpoint
-- A line made on (or moved onto) a server with a standby gets the standby's address as a second
-- connection line, whichever way it was made (sale, import, adoption, activation code, move). The
-- address is serverAddress (packages/shared/src/server.ts) in SQL: the public host, then the port.
CREATE OR REPLACE FUNCTION users_standby_address() RETURNS trigger LANGUAGE plpgsql AS $fn$
DECLARE
  address text;
BEGIN
  SELECT coalesce(nullif(s.hostname, ''), s.host_ip) || ':' || s.port INTO address
  FROM cccam_servers p JOIN cccam_servers s ON s.id = p.standby_id
  WHERE p.id = NEW.server_id;
  IF address IS NOT NULL AND NOT (address = ANY(coalesce(NEW.host_port, '{}'))) THEN
    NEW.host_port := array_append(coalesce(NEW.host_port, '{}'), address);
  END IF;
  RETURN NEW;
END
$fn$;--> statement-breakpoint
CREATE TRIGGER users_standby_address BEFORE INSERT OR UPDATE OF server_id ON users
FOR EACH ROW EXECUTE FUNCTION users_standby_address();
