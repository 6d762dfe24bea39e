-- Phone numbers were stored as typed. Store one form (packages/shared/src/common/phone.ts): a US
-- number as its 10 digits, a number abroad (+ and a country code other than 1) in E.164. A value
-- that is neither is left as typed; the screens show it unchanged.
UPDATE "users" SET "phone_number" = CASE
    WHEN length(regexp_replace("phone_number", '[^0-9]', '', 'g')) = 11 AND regexp_replace("phone_number", '[^0-9]', '', 'g') LIKE '1%' THEN right(regexp_replace("phone_number", '[^0-9]', '', 'g'), 10)
    WHEN NOT ("phone_number" ~ '^[[:space:]]*[+]') AND length(regexp_replace("phone_number", '[^0-9]', '', 'g')) = 10 THEN regexp_replace("phone_number", '[^0-9]', '', 'g')
    ELSE '+' || regexp_replace("phone_number", '[^0-9]', '', 'g')
  END
  WHERE "phone_number" IS NOT NULL AND (
    (length(regexp_replace("phone_number", '[^0-9]', '', 'g')) = 11 AND regexp_replace("phone_number", '[^0-9]', '', 'g') LIKE '1%')
    OR (NOT ("phone_number" ~ '^[[:space:]]*[+]') AND length(regexp_replace("phone_number", '[^0-9]', '', 'g')) = 10)
    OR (("phone_number" ~ '^[[:space:]]*[+]') AND regexp_replace("phone_number", '[^0-9]', '', 'g') NOT LIKE '1%' AND length(regexp_replace("phone_number", '[^0-9]', '', 'g')) BETWEEN 8 AND 15)
  );--> statement-breakpoint
UPDATE "clients" SET "phone_number" = CASE
    WHEN length(regexp_replace("phone_number", '[^0-9]', '', 'g')) = 11 AND regexp_replace("phone_number", '[^0-9]', '', 'g') LIKE '1%' THEN right(regexp_replace("phone_number", '[^0-9]', '', 'g'), 10)
    WHEN NOT ("phone_number" ~ '^[[:space:]]*[+]') AND length(regexp_replace("phone_number", '[^0-9]', '', 'g')) = 10 THEN regexp_replace("phone_number", '[^0-9]', '', 'g')
    ELSE '+' || regexp_replace("phone_number", '[^0-9]', '', 'g')
  END
  WHERE "phone_number" IS NOT NULL AND (
    (length(regexp_replace("phone_number", '[^0-9]', '', 'g')) = 11 AND regexp_replace("phone_number", '[^0-9]', '', 'g') LIKE '1%')
    OR (NOT ("phone_number" ~ '^[[:space:]]*[+]') AND length(regexp_replace("phone_number", '[^0-9]', '', 'g')) = 10)
    OR (("phone_number" ~ '^[[:space:]]*[+]') AND regexp_replace("phone_number", '[^0-9]', '', 'g') NOT LIKE '1%' AND length(regexp_replace("phone_number", '[^0-9]', '', 'g')) BETWEEN 8 AND 15)
  );--> statement-breakpoint
UPDATE "client_spouses" SET "phone_number" = CASE
    WHEN length(regexp_replace("phone_number", '[^0-9]', '', 'g')) = 11 AND regexp_replace("phone_number", '[^0-9]', '', 'g') LIKE '1%' THEN right(regexp_replace("phone_number", '[^0-9]', '', 'g'), 10)
    WHEN NOT ("phone_number" ~ '^[[:space:]]*[+]') AND length(regexp_replace("phone_number", '[^0-9]', '', 'g')) = 10 THEN regexp_replace("phone_number", '[^0-9]', '', 'g')
    ELSE '+' || regexp_replace("phone_number", '[^0-9]', '', 'g')
  END
  WHERE "phone_number" IS NOT NULL AND (
    (length(regexp_replace("phone_number", '[^0-9]', '', 'g')) = 11 AND regexp_replace("phone_number", '[^0-9]', '', 'g') LIKE '1%')
    OR (NOT ("phone_number" ~ '^[[:space:]]*[+]') AND length(regexp_replace("phone_number", '[^0-9]', '', 'g')) = 10)
    OR (("phone_number" ~ '^[[:space:]]*[+]') AND regexp_replace("phone_number", '[^0-9]', '', 'g') NOT LIKE '1%' AND length(regexp_replace("phone_number", '[^0-9]', '', 'g')) BETWEEN 8 AND 15)
  );--> statement-breakpoint
UPDATE "companies" SET "contact_phone_number" = CASE
    WHEN length(regexp_replace("contact_phone_number", '[^0-9]', '', 'g')) = 11 AND regexp_replace("contact_phone_number", '[^0-9]', '', 'g') LIKE '1%' THEN right(regexp_replace("contact_phone_number", '[^0-9]', '', 'g'), 10)
    WHEN NOT ("contact_phone_number" ~ '^[[:space:]]*[+]') AND length(regexp_replace("contact_phone_number", '[^0-9]', '', 'g')) = 10 THEN regexp_replace("contact_phone_number", '[^0-9]', '', 'g')
    ELSE '+' || regexp_replace("contact_phone_number", '[^0-9]', '', 'g')
  END
  WHERE "contact_phone_number" IS NOT NULL AND (
    (length(regexp_replace("contact_phone_number", '[^0-9]', '', 'g')) = 11 AND regexp_replace("contact_phone_number", '[^0-9]', '', 'g') LIKE '1%')
    OR (NOT ("contact_phone_number" ~ '^[[:space:]]*[+]') AND length(regexp_replace("contact_phone_number", '[^0-9]', '', 'g')) = 10)
    OR (("contact_phone_number" ~ '^[[:space:]]*[+]') AND regexp_replace("contact_phone_number", '[^0-9]', '', 'g') NOT LIKE '1%' AND length(regexp_replace("contact_phone_number", '[^0-9]', '', 'g')) BETWEEN 8 AND 15)
  );--> statement-breakpoint
UPDATE "companies" SET "business_address_phone_number" = CASE
    WHEN length(regexp_replace("business_address_phone_number", '[^0-9]', '', 'g')) = 11 AND regexp_replace("business_address_phone_number", '[^0-9]', '', 'g') LIKE '1%' THEN right(regexp_replace("business_address_phone_number", '[^0-9]', '', 'g'), 10)
    WHEN NOT ("business_address_phone_number" ~ '^[[:space:]]*[+]') AND length(regexp_replace("business_address_phone_number", '[^0-9]', '', 'g')) = 10 THEN regexp_replace("business_address_phone_number", '[^0-9]', '', 'g')
    ELSE '+' || regexp_replace("business_address_phone_number", '[^0-9]', '', 'g')
  END
  WHERE "business_address_phone_number" IS NOT NULL AND (
    (length(regexp_replace("business_address_phone_number", '[^0-9]', '', 'g')) = 11 AND regexp_replace("business_address_phone_number", '[^0-9]', '', 'g') LIKE '1%')
    OR (NOT ("business_address_phone_number" ~ '^[[:space:]]*[+]') AND length(regexp_replace("business_address_phone_number", '[^0-9]', '', 'g')) = 10)
    OR (("business_address_phone_number" ~ '^[[:space:]]*[+]') AND regexp_replace("business_address_phone_number", '[^0-9]', '', 'g') NOT LIKE '1%' AND length(regexp_replace("business_address_phone_number", '[^0-9]', '', 'g')) BETWEEN 8 AND 15)
  );--> statement-breakpoint
UPDATE "company_registered_agents" SET "phone_number" = CASE
    WHEN length(regexp_replace("phone_number", '[^0-9]', '', 'g')) = 11 AND regexp_replace("phone_number", '[^0-9]', '', 'g') LIKE '1%' THEN right(regexp_replace("phone_number", '[^0-9]', '', 'g'), 10)
    WHEN NOT ("phone_number" ~ '^[[:space:]]*[+]') AND length(regexp_replace("phone_number", '[^0-9]', '', 'g')) = 10 THEN regexp_replace("phone_number", '[^0-9]', '', 'g')
    ELSE '+' || regexp_replace("phone_number", '[^0-9]', '', 'g')
  END
  WHERE "phone_number" IS NOT NULL AND (
    (length(regexp_replace("phone_number", '[^0-9]', '', 'g')) = 11 AND regexp_replace("phone_number", '[^0-9]', '', 'g') LIKE '1%')
    OR (NOT ("phone_number" ~ '^[[:space:]]*[+]') AND length(regexp_replace("phone_number", '[^0-9]', '', 'g')) = 10)
    OR (("phone_number" ~ '^[[:space:]]*[+]') AND regexp_replace("phone_number", '[^0-9]', '', 'g') NOT LIKE '1%' AND length(regexp_replace("phone_number", '[^0-9]', '', 'g')) BETWEEN 8 AND 15)
  );--> statement-breakpoint
UPDATE "leads" SET "contact_phone_number" = CASE
    WHEN length(regexp_replace("contact_phone_number", '[^0-9]', '', 'g')) = 11 AND regexp_replace("contact_phone_number", '[^0-9]', '', 'g') LIKE '1%' THEN right(regexp_replace("contact_phone_number", '[^0-9]', '', 'g'), 10)
    WHEN NOT ("contact_phone_number" ~ '^[[:space:]]*[+]') AND length(regexp_replace("contact_phone_number", '[^0-9]', '', 'g')) = 10 THEN regexp_replace("contact_phone_number", '[^0-9]', '', 'g')
    ELSE '+' || regexp_replace("contact_phone_number", '[^0-9]', '', 'g')
  END
  WHERE "contact_phone_number" IS NOT NULL AND (
    (length(regexp_replace("contact_phone_number", '[^0-9]', '', 'g')) = 11 AND regexp_replace("contact_phone_number", '[^0-9]', '', 'g') LIKE '1%')
    OR (NOT ("contact_phone_number" ~ '^[[:space:]]*[+]') AND length(regexp_replace("contact_phone_number", '[^0-9]', '', 'g')) = 10)
    OR (("contact_phone_number" ~ '^[[:space:]]*[+]') AND regexp_replace("contact_phone_number", '[^0-9]', '', 'g') NOT LIKE '1%' AND length(regexp_replace("contact_phone_number", '[^0-9]', '', 'g')) BETWEEN 8 AND 15)
  );--> statement-breakpoint
UPDATE "leads" SET "company_phone_number" = CASE
    WHEN length(regexp_replace("company_phone_number", '[^0-9]', '', 'g')) = 11 AND regexp_replace("company_phone_number", '[^0-9]', '', 'g') LIKE '1%' THEN right(regexp_replace("company_phone_number", '[^0-9]', '', 'g'), 10)
    WHEN NOT ("company_phone_number" ~ '^[[:space:]]*[+]') AND length(regexp_replace("company_phone_number", '[^0-9]', '', 'g')) = 10 THEN regexp_replace("company_phone_number", '[^0-9]', '', 'g')
    ELSE '+' || regexp_replace("company_phone_number", '[^0-9]', '', 'g')
  END
  WHERE "company_phone_number" IS NOT NULL AND (
    (length(regexp_replace("company_phone_number", '[^0-9]', '', 'g')) = 11 AND regexp_replace("company_phone_number", '[^0-9]', '', 'g') LIKE '1%')
    OR (NOT ("company_phone_number" ~ '^[[:space:]]*[+]') AND length(regexp_replace("company_phone_number", '[^0-9]', '', 'g')) = 10)
    OR (("company_phone_number" ~ '^[[:space:]]*[+]') AND regexp_replace("company_phone_number", '[^0-9]', '', 'g') NOT LIKE '1%' AND length(regexp_replace("company_phone_number", '[^0-9]', '', 'g')) BETWEEN 8 AND 15)
  );
