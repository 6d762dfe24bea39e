// Reference lists for the public company-formation wizards (spec 03): read before anyone signs in,
// holding nothing private, and taking no input but an optional state id.
export const publicRoutes: string[] = [
  'GET /api/v1/company/counties/all',
  'GET /api/v1/company/industries/all',
  'GET /api/v1/company/business-entity-types/all',
  'GET /api/v1/company/registered-agent-types/all',
  'GET /api/v1/company/management-structures/all',
  'GET /api/v1/company/organizer-titles/all',
];
