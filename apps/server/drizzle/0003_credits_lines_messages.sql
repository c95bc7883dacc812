CREATE TABLE "credit_ledger" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"account_id" text NOT NULL,
	"delta" integer NOT NULL,
	"balance_after" integer NOT NULL,
	"reason" text NOT NULL,
	"actor_id" text,
	"ref_type" text,
	"ref_id" text,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "credit_ledger_balance_after_not_negative" CHECK ("credit_ledger"."balance_after" >= 0)
);
--> statement-breakpoint
CREATE TABLE "line_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"line_id" integer NOT NULL,
	"actor_id" text,
	"action" text NOT NULL,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "line_sync_outbox" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"line_id" integer,
	"server_id" integer NOT NULL,
	"username" text NOT NULL,
	"operation" text NOT NULL,
	"payload" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "line_sync_outbox_operation_check" CHECK ("line_sync_outbox"."operation" in ('upsert', 'delete'))
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" serial PRIMARY KEY NOT NULL,
	"username" text NOT NULL,
	"password" text NOT NULL,
	"protocol" text DEFAULT 'cccam' NOT NULL,
	"host_port" text[] DEFAULT '{}'::text[] NOT NULL,
	"user_value" text,
	"added_date" date DEFAULT current_date NOT NULL,
	"expiry_date" date NOT NULL,
	"live_channel" text DEFAULT 'Info' NOT NULL,
	"info" text DEFAULT 'Info' NOT NULL,
	"notes" text,
	"enabled" boolean DEFAULT true NOT NULL,
	"name" text,
	"company" text,
	"role" text,
	"avatar_url" text,
	"email" text,
	"owner_id" text,
	"owner_email" text,
	"server_id" integer,
	"is_trial" boolean DEFAULT false NOT NULL,
	"subscription_months" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sync_state" text DEFAULT 'pending' NOT NULL,
	"sync_error" text,
	"synced_at" timestamp with time zone,
	CONSTRAINT "users_username_unique" UNIQUE("username"),
	CONSTRAINT "users_sync_state_check" CHECK ("users"."sync_state" in ('synced', 'pending', 'failing'))
);
--> statement-breakpoint
CREATE TABLE "message_reads" (
	"message_id" bigint NOT NULL,
	"account_id" text NOT NULL,
	"read_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "message_reads_message_id_account_id_pk" PRIMARY KEY("message_id","account_id")
);
--> statement-breakpoint
CREATE TABLE "messages" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"content" text NOT NULL,
	"is_global" boolean DEFAULT false NOT NULL,
	"recipient_id" text,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "messages_target_check" CHECK ("messages"."is_global" or "messages"."recipient_id" is not null)
);
--> statement-breakpoint
CREATE TABLE "app_settings" (
	"key" text PRIMARY KEY NOT NULL,
	"value" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "auth_users" ADD COLUMN "ticket_reply_mail" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "auth_users" ADD COLUMN "expiry_reminders" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "credit_ledger" ADD CONSTRAINT "credit_ledger_account_id_auth_users_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."auth_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_ledger" ADD CONSTRAINT "credit_ledger_actor_id_auth_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."auth_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "line_events" ADD CONSTRAINT "line_events_actor_id_auth_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."auth_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "line_sync_outbox" ADD CONSTRAINT "line_sync_outbox_server_id_cccam_servers_id_fk" FOREIGN KEY ("server_id") REFERENCES "public"."cccam_servers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_owner_id_auth_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."auth_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_server_id_cccam_servers_id_fk" FOREIGN KEY ("server_id") REFERENCES "public"."cccam_servers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_reads" ADD CONSTRAINT "message_reads_message_id_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_reads" ADD CONSTRAINT "message_reads_account_id_auth_users_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."auth_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_recipient_id_auth_users_id_fk" FOREIGN KEY ("recipient_id") REFERENCES "public"."auth_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_created_by_auth_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."auth_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "credit_ledger_account_idx" ON "credit_ledger" USING btree ("account_id","created_at");--> statement-breakpoint
CREATE INDEX "credit_ledger_created_idx" ON "credit_ledger" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "line_events_line_idx" ON "line_events" USING btree ("line_id","created_at");--> statement-breakpoint
CREATE INDEX "line_sync_outbox_due_idx" ON "line_sync_outbox" USING btree ("next_attempt_at");--> statement-breakpoint
CREATE INDEX "line_sync_outbox_line_idx" ON "line_sync_outbox" USING btree ("line_id");--> statement-breakpoint
CREATE INDEX "users_owner_created_idx" ON "users" USING btree ("owner_id","created_at");--> statement-breakpoint
CREATE INDEX "users_created_idx" ON "users" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "users_expiry_idx" ON "users" USING btree ("expiry_date");--> statement-breakpoint
CREATE INDEX "users_server_idx" ON "users" USING btree ("server_id");--> statement-breakpoint
CREATE INDEX "message_reads_account_idx" ON "message_reads" USING btree ("account_id");--> statement-breakpoint
CREATE INDEX "messages_recipient_idx" ON "messages" USING btree ("recipient_id","created_at");--> statement-breakpoint
CREATE INDEX "messages_global_idx" ON "messages" USING btree ("is_global","created_at");