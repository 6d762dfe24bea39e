-- The admin role holds every permission area (DESIGN.md section 5). Databases seeded before the
-- Mail screen existed lack the new "mail" area: give it to the admin role, as the seed now does.
INSERT INTO "role_permissions" ("role_id", "permission")
SELECT "id", 'mail' FROM "roles" WHERE "name" = 'admin'
ON CONFLICT DO NOTHING;
