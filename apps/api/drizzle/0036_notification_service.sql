ALTER TABLE "notifications" ADD COLUMN "service_id" integer;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_service_id_services_id_fk" FOREIGN KEY ("service_id") REFERENCES "public"."services"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- The service of what each earlier notification told of, read back from its event key
-- (notification-events.ts eventKeyOf); rows whose object is gone keep null.
UPDATE "notifications" n SET "service_id" = d."service_id"
FROM "documents" d
WHERE n."kind" IN ('documentUploaded', 'documentReceived')
  AND d."id"::text = split_part(n."event_key", ':', 3);--> statement-breakpoint
UPDATE "notifications" n SET "service_id" = r."service_id"
FROM "requests" r
WHERE n."kind" IN ('requestCreated', 'requestCompleted')
  AND r."id"::text = split_part(n."event_key", ':', 3);--> statement-breakpoint
UPDATE "notifications" n SET "service_id" = r."service_id"
FROM "request_items" i JOIN "requests" r ON r."id" = i."request_id"
WHERE n."kind" IN ('requestItemSubmitted', 'requestItemNotApplicable', 'requestItemReturned')
  AND i."id"::text = split_part(n."event_key", ':', 3);
