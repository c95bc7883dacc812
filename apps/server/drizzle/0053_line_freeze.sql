ALTER TABLE "users" ADD COLUMN "frozen_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "frozen_days" integer;--> statement-breakpoint
CREATE INDEX "users_frozen_idx" ON "users" USING btree ("frozen_at") WHERE "users"."frozen_at" is not null;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_frozen_check" CHECK (("users"."frozen_at" is null and "users"."frozen_days" is null) or ("users"."frozen_at" is not null and "users"."frozen_days" >= 0 and not "users"."enabled"));