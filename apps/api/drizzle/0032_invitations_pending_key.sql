-- Hand-written: two sends at once could leave a sender two unused invitations to one address (the
-- race this index closes). Keep the newest of each, as a later send would have.
DELETE FROM "invitations" AS "older"
USING "invitations" AS "newer"
WHERE "older"."status" <> 3
  AND "newer"."status" <> 3
  AND "newer"."sender_user_id" = "older"."sender_user_id"
  AND coalesce("newer"."client_id", 0) = coalesce("older"."client_id", 0)
  AND lower("newer"."recipient_email_address") = lower("older"."recipient_email_address")
  AND "newer"."id" > "older"."id";--> statement-breakpoint
CREATE UNIQUE INDEX "invitations_pending_key" ON "invitations" USING btree ("sender_user_id",coalesce("client_id", 0),lower("recipient_email_address")) WHERE "invitations"."status" <> 3;
