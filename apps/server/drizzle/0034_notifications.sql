CREATE TABLE "notification_outbox" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"recipient_id" text NOT NULL,
	"kind" text NOT NULL,
	"channel" text NOT NULL,
	"payload" jsonb NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"leased_until" timestamp with time zone,
	"lease_id" text,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"delivered_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "notification_preferences" (
	"account_id" text NOT NULL,
	"kind" text NOT NULL,
	"channel" text NOT NULL,
	"enabled" boolean NOT NULL,
	CONSTRAINT "notification_preferences_account_id_kind_channel_pk" PRIMARY KEY("account_id","kind","channel")
);
--> statement-breakpoint
CREATE TABLE "notification_settings" (
	"account_id" text PRIMARY KEY NOT NULL,
	"balance_threshold" integer,
	"balance_low_notified" boolean DEFAULT false NOT NULL,
	"webhook_url" text,
	"webhook_secret_sealed" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "notification_id" bigint;--> statement-breakpoint
ALTER TABLE "notification_outbox" ADD CONSTRAINT "notification_outbox_recipient_id_auth_users_id_fk" FOREIGN KEY ("recipient_id") REFERENCES "public"."auth_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_preferences" ADD CONSTRAINT "notification_preferences_account_id_auth_users_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."auth_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_settings" ADD CONSTRAINT "notification_settings_account_id_auth_users_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."auth_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "notification_outbox_due_idx" ON "notification_outbox" USING btree ("next_attempt_at") WHERE "notification_outbox"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "notification_outbox_recipient_idx" ON "notification_outbox" USING btree ("recipient_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "messages_notification_idx" ON "messages" USING btree ("notification_id");--> statement-breakpoint
-- Whoever turned ticket reply mails off keeps them off: the switch moved to notification_preferences.
INSERT INTO "notification_preferences" ("account_id", "kind", "channel", "enabled")
  SELECT "id", 'ticket_answered', 'email', false FROM "auth_users" WHERE NOT "ticket_reply_mail";--> statement-breakpoint
ALTER TABLE "auth_users" DROP COLUMN "ticket_reply_mail";