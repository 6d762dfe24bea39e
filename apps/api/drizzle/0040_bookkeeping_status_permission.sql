-- The month status for the client's people (issue 24 item 3), for databases seeded before it existed,
-- as the seed now gives it (packages/shared/src/permissions/catalogue.ts, docs/permissions.md). Staff
-- roles holding the bookkeeping area have it already.
INSERT INTO "role_permissions" ("role_id", "permission")
SELECT r."id", 'bookkeeping:status'
FROM "roles" r
WHERE r."name" = 'client'
ON CONFLICT DO NOTHING;
