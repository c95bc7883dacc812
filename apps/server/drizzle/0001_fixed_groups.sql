-- The spec's fixed groups (section 3). Ids are part of the contract: 1 Admin, 2 Resellers, 3 Users.
INSERT INTO "groups" ("id", "name", "description", "permissions") VALUES
  (1, 'Admin', 'Administrators: every permission', ARRAY['manage_users','manage_groups','manage_resellers','view_users','view_groups','view_resellers','add_credits']::text[]),
  (2, 'Resellers', 'Resellers: sell lines for credits', ARRAY['view_users','add_credits']::text[]),
  (3, 'Users', 'Signed-up users without permissions', ARRAY[]::text[])
ON CONFLICT ("id") DO NOTHING;
--> statement-breakpoint
SELECT setval(pg_get_serial_sequence('groups', 'id'), GREATEST((SELECT MAX("id") FROM "groups"), 3));
