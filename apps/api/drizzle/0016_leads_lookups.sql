-- Reference data of the customer onboarding wizard (spec 03 "Lookups") and the quote's price table
-- (docs/leads-and-onboarding.md). Ids are fixed: the contract names the onboarding services by id.
INSERT INTO "onboarding_services" ("id", "name", "display_name", "sort_order") VALUES
  (1, 'tax', 'Tax', 1),
  (2, 'bookkeeping', 'Bookkeeping', 2),
  (3, 'payroll', 'Payroll', 3);
--> statement-breakpoint
INSERT INTO "lead_industries" ("id", "name", "sort_order") VALUES
  (1, 'Accommodation and Food Services', 1),
  (2, 'Agriculture', 2),
  (3, 'Arts and Entertainment', 3),
  (4, 'Construction', 4),
  (5, 'Consulting and Professional Services', 5),
  (6, 'E-commerce', 6),
  (7, 'Education', 7),
  (8, 'Finance and Insurance', 8),
  (9, 'Health Care', 9),
  (10, 'Information Technology', 10),
  (11, 'Manufacturing', 11),
  (12, 'Real Estate', 12),
  (13, 'Retail Trade', 13),
  (14, 'Transportation and Logistics', 14),
  (15, 'Wholesale Trade', 15);
--> statement-breakpoint
INSERT INTO "lead_annual_sales_ranges" ("id", "name", "sort_order") VALUES
  (1, 'Less than $100,000', 1),
  (2, '$100,000 - $500,000', 2),
  (3, '$500,000 - $1,000,000', 3),
  (4, '$1,000,000 - $5,000,000', 4),
  (5, 'More than $5,000,000', 5);
--> statement-breakpoint
INSERT INTO "lead_employee_count_ranges" ("id", "name", "sort_order") VALUES
  (1, '1', 1),
  (2, '2 - 10', 2),
  (3, '11 - 50', 3),
  (4, '51 - 200', 4),
  (5, 'More than 200', 5);
--> statement-breakpoint
INSERT INTO "lead_accounting_software_tools" ("id", "name", "sort_order") VALUES
  (1, 'QuickBooks Online', 1),
  (2, 'QuickBooks Desktop', 2),
  (3, 'Xero', 3),
  (4, 'FreshBooks', 4),
  (5, 'Wave', 5),
  (6, 'Sage', 6),
  (7, 'Spreadsheets', 7),
  (8, 'Other', 8);
--> statement-breakpoint
INSERT INTO "lead_acquisition_channels" ("id", "name", "sort_order") VALUES
  (1, 'Search engine', 1),
  (2, 'Social media', 2),
  (3, 'Referral from a friend or colleague', 3),
  (4, 'Online advertisement', 4),
  (5, 'Event or seminar', 5),
  (6, 'Other', 6);
--> statement-breakpoint
INSERT INTO "service_plans" ("id", "is_package", "fee", "payment_frequency", "sort_order") VALUES
  (1, false, 1200.00, 2, 1),
  (2, false, 350.00, 1, 2),
  (3, false, 150.00, 1, 3),
  (4, true, 450.00, 1, 4),
  (5, true, NULL, 1, 5);
--> statement-breakpoint
INSERT INTO "service_plan_services" ("service_plan_id", "onboarding_service_id") VALUES
  (1, 1),
  (2, 2),
  (3, 3),
  (4, 2),
  (4, 3),
  (5, 1),
  (5, 2),
  (5, 3);
