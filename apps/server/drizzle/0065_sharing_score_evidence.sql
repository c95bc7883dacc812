CREATE TABLE "line_sharing_evidence" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"line_id" integer NOT NULL,
	"ip" text NOT NULL,
	"asn" integer,
	"network" text,
	"country" text,
	"channel" text,
	"signals" text[] NOT NULL,
	"score" integer NOT NULL,
	"first_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "line_presence" ADD COLUMN "sharing_score" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "line_sharing_evidence" ADD CONSTRAINT "line_sharing_evidence_line_id_users_id_fk" FOREIGN KEY ("line_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "line_sharing_evidence_line_ip_idx" ON "line_sharing_evidence" USING btree ("line_id","ip");--> statement-breakpoint
CREATE INDEX "line_sharing_evidence_recent_idx" ON "line_sharing_evidence" USING btree ("last_seen_at");