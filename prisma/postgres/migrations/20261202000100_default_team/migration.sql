-- A fresh database has one team, slug `default` (SPEC §5).
INSERT INTO "Team" ("id", "slug", "name", "policy", "createdAt") VALUES ('team_default', 'default', 'Default', 'allow', CURRENT_TIMESTAMP);
