import { randomBytes } from 'node:crypto';
import { count } from 'drizzle-orm';
import {
  CONTACT_POSITION,
  DEFAULT_ROLE_PERMISSIONS,
  LEAD_STATUS,
  ONBOARDING_SERVICE,
  ROLE_NAME,
  ROLE_NAMES,
  STATIC_ROLE_NAMES,
  CLIENT_TYPE,
  MARITAL_STATUS,
  REQUEST_ITEM_KIND,
  REQUEST_SCHEDULE_AUDIENCE,
  addDays,
  todayIn,
  type RoleName,
} from '@ledgerport/shared';
import type { Db } from '../client.js';
import {
  clientServices,
  clients,
  departments,
  lastChosenClients,
  leadServicePlans,
  leadServices,
  leads,
  requestItems,
  requestItemTags,
  requests,
  requestSchedules,
  requestTemplateItems,
  requestTemplateItemTags,
  requestTemplates,
  rolePermissions,
  roles,
  services,
  tagActivatedGroups,
  tagGroups,
  tagServices,
  tags,
  userRoles,
  users,
} from '../schema/index.js';
import { hashPassword } from '../../lib/passwords.js';

const ROLE_DISPLAY_NAME: Record<RoleName, string> = {
  admin: 'Admin',
  advisor: 'Advisor',
  supervisor: 'Supervisor',
  employee: 'Employee',
  client: 'Client',
};

const DEPARTMENTS = [
  { name: 'tax', displayName: 'Tax' },
  { name: 'bookkeeping', displayName: 'Bookkeeping' },
  { name: 'payroll', displayName: 'Payroll' },
  { name: 'consultancy services', displayName: 'Consultancy services' },
] as const;

const SERVICES = [
  { name: 'tax', displayName: 'Tax', department: 'tax', color: '#1E88E5' },
  { name: 'payroll', displayName: 'Payroll', department: 'payroll', color: '#8E24AA' },
  { name: 'bookkeeping', displayName: 'Bookkeeping', department: 'bookkeeping', color: '#43A047' },
] as const;

/** `activates`: the tag groups choosing the tag makes available (and then required) on upload. */
const MAIN_TAGS: Array<{ name: string; displayName: string; services: string[]; activates: string[] }> = [
  { name: 'tax-return', displayName: 'Tax Return', services: ['tax'], activates: ['year'] },
  { name: 'irs-state-letter', displayName: 'IRS/State Letter', services: ['tax', 'payroll'], activates: [] },
  { name: 'license', displayName: 'License', services: ['tax', 'bookkeeping'], activates: [] },
  { name: 'annual-financials', displayName: 'Annual Financials', services: ['bookkeeping'], activates: ['year'] },
  { name: 'bank-statement', displayName: 'bank statement', services: ['bookkeeping'], activates: ['quarter', 'year'] },
  { name: 'payroll-report', displayName: 'Payroll Report', services: ['payroll'], activates: ['quarter', 'year'] },
  {
    name: 'other-documents',
    displayName: 'Other Documents',
    services: ['tax', 'payroll', 'bookkeeping'],
    activates: [],
  },
  // Last, so the ids of the tags above stay as they were. Read by the bookkeeping tracker.
  {
    name: 'financial-statements',
    displayName: 'Financial Statements',
    services: ['bookkeeping'],
    activates: ['quarter', 'year'],
  },
];

/** The demo cohorts: b1g1, b1g2, b1g3, each with one user per role. */
const COHORTS = [
  { key: 'b1g1', password: 'Group1', lastName: 'Group1', employeeDepartment: 'tax' },
  { key: 'b1g2', password: 'Group2', lastName: 'Group2', employeeDepartment: 'bookkeeping' },
  { key: 'b1g3', password: 'Group3', lastName: 'Group3', employeeDepartment: 'payroll' },
] as const;

export const DEMO_SIGN_INS = COHORTS.flatMap((cohort) =>
  ROLE_NAMES.map((role) => ({ role, emailAddress: `${cohort.key}_${role}@gmail.com`, password: cohort.password })),
);

export const DEACTIVATED_DEMO_USER = { emailAddress: 'b1g1_inactive@gmail.com', password: 'Group1' } as const;

/**
 * A prospect who went through the public wizard up to "Create account" (spec 01 section 4.4): signing
 * in opens the lead onboarding dialog at billing info. Its username is the e-mail, as the wizard makes it.
 */
export const ONBOARDING_DEMO_USER = {
  emailAddress: 'b1g1_onboarding@gmail.com',
  password: 'Group1',
  companyName: 'Northwind Bakery LLC',
} as const;

/** A lead part-way through the public wizard (intake answered, plans chosen; the contract is next). */
export const DEMO_LEAD_COMPANY = 'Bluebird Studio LLC';

/** The public link's key, as the wizard makes it: 256 random bits (never a fixed, guessable value). */
const newLeadIdHash = () => randomBytes(32).toString('base64url');

export async function isEmpty(db: Db): Promise<boolean> {
  const [row] = await db.select({ n: count() }).from(users);
  return (row?.n ?? 0) === 0;
}

/**
 * Seeds the demo firm. Only ever into an empty database, in one transaction, so a crash halfway
 * leaves nothing behind and the next start tries again.
 */
export async function seedDemoFirm(db: Db): Promise<boolean> {
  if (!(await isEmpty(db))) return false;

  // Hash outside the transaction: argon2 is deliberately slow.
  const hashes = new Map<string, string>();
  for (const cohort of COHORTS) {
    for (const role of ROLE_NAMES) hashes.set(`${cohort.key}_${role}`, await hashPassword(cohort.password));
  }
  const advisorAdvisorHash = await hashPassword('Advisor1');
  const inactiveHash = await hashPassword(DEACTIVATED_DEMO_USER.password);
  const onboardingHash = await hashPassword(ONBOARDING_DEMO_USER.password);

  await db.transaction(async (tx) => {
    const departmentRows = await tx
      .insert(departments)
      .values([...DEPARTMENTS])
      .returning();
    const departmentId = (name: string) => departmentRows.find((d) => d.name === name)!.id;

    const serviceRows = await tx
      .insert(services)
      .values(
        SERVICES.map((s) => ({
          name: s.name,
          displayName: s.displayName,
          departmentId: departmentId(s.department),
          color: s.color,
        })),
      )
      .returning();
    const serviceId = (name: string) => serviceRows.find((s) => s.name === name)!.id;

    const roleRows = await tx
      .insert(roles)
      .values(
        ROLE_NAMES.map((name) => ({
          name,
          displayName: ROLE_DISPLAY_NAME[name],
          isStatic: STATIC_ROLE_NAMES.includes(name),
        })),
      )
      .returning();
    const roleId = (name: RoleName) => roleRows.find((r) => r.name === name)!.id;
    await tx
      .insert(rolePermissions)
      .values(
        ROLE_NAMES.flatMap((name) =>
          DEFAULT_ROLE_PERMISSIONS[name].map((permission) => ({ roleId: roleId(name), permission })),
        ),
      );

    // Tag groups: the main group (document kinds per service) and others (periods).
    const [mainGroup, quarterGroup, yearGroup] = await tx
      .insert(tagGroups)
      .values([
        { name: 'document-type', displayName: 'Document type', isMainTagGroup: true, color: '#3949AB', ordinal: 1 },
        { name: 'quarter', displayName: 'Quarter', color: '#00897B', ordinal: 2 },
        { name: 'year', displayName: 'Year', color: '#F4511E', ordinal: 3 },
      ])
      .returning();
    const mainTagRows = await tx
      .insert(tags)
      .values(MAIN_TAGS.map((t) => ({ tagGroupId: mainGroup!.id, name: t.name, displayName: t.displayName })))
      .returning();
    await tx
      .insert(tagServices)
      .values(
        MAIN_TAGS.flatMap((t, index) =>
          t.services.map((s) => ({ tagId: mainTagRows[index]!.id, serviceId: serviceId(s) })),
        ),
      );
    const groupIdByName = { quarter: quarterGroup!.id, year: yearGroup!.id } as Record<string, number>;
    await tx
      .insert(tagActivatedGroups)
      .values(
        MAIN_TAGS.flatMap((t, index) =>
          t.activates.map((group) => ({ tagId: mainTagRows[index]!.id, tagGroupId: groupIdByName[group]! })),
        ),
      );
    await tx.insert(tags).values([
      ...['Q1', 'Q2', 'Q3', 'Q4'].map((q) => ({
        tagGroupId: quarterGroup!.id,
        name: q.toLowerCase(),
        displayName: q,
      })),
      ...['2024', '2025', '2026'].map((y) => ({ tagGroupId: yearGroup!.id, name: y, displayName: y })),
    ]);

    const addUser = async (
      values: Omit<typeof users.$inferInsert, 'passwordHash'> & { passwordHash: string },
      role: RoleName,
    ) => {
      const [row] = await tx.insert(users).values(values).returning({ id: users.id });
      await tx.insert(userRoles).values({ userId: row!.id, roleId: roleId(role) });
      return row!.id;
    };

    const advisorAdvisorId = await addUser(
      {
        firstName: 'advisor',
        lastName: 'advisor',
        username: 'advisor',
        emailAddress: 'advisor@ledgerport.example',
        phoneNumber: '5550100100',
        passwordHash: advisorAdvisorHash,
      },
      ROLE_NAME.advisor,
    );

    // A deactivated client, so the deactivated-account warning can be seen and tested.
    await addUser(
      {
        firstName: 'Inactive',
        lastName: 'Client',
        username: 'b1g1_inactive',
        emailAddress: DEACTIVATED_DEMO_USER.emailAddress,
        phoneNumber: '5550100101',
        isActive: false,
        passwordHash: inactiveHash,
      },
      ROLE_NAME.client,
    );

    let b1g1 = { businessId: 0, advisorId: 0, adminId: 0 };
    for (const cohort of COHORTS) {
      const person = (role: RoleName) => ({
        firstName: 'Batch1',
        lastName: cohort.lastName,
        username: `${cohort.key}_${role}`,
        emailAddress: `${cohort.key}_${role}@gmail.com`,
        phoneNumber: '5550100000',
        passwordHash: hashes.get(`${cohort.key}_${role}`)!,
      });
      const adminId = await addUser(person(ROLE_NAME.admin), ROLE_NAME.admin);
      const supervisorId = await addUser(
        { ...person(ROLE_NAME.supervisor), inviterUserId: adminId },
        ROLE_NAME.supervisor,
      );
      const advisorId = await addUser(
        { ...person(ROLE_NAME.advisor), supervisorUserId: supervisorId, inviterUserId: adminId, extension: '1001' },
        ROLE_NAME.advisor,
      );
      await addUser(
        {
          ...person(ROLE_NAME.employee),
          departmentId: departmentId(cohort.employeeDepartment),
          inviterUserId: adminId,
        },
        ROLE_NAME.employee,
      );
      const clientUserId = await addUser(
        { ...person(ROLE_NAME.client), advisorUserId: advisorId, inviterUserId: advisorId },
        ROLE_NAME.client,
      );

      const [business] = await tx
        .insert(clients)
        .values({
          clientType: CLIENT_TYPE.business,
          name: `Batch1 ${cohort.lastName} LLC`,
          ownerUserId: clientUserId,
          advisorUserId: advisorId,
          usedBookkeepingServiceAtLeastOnce: true,
        })
        .returning({ id: clients.id });
      await tx.insert(clientServices).values([
        { clientId: business!.id, serviceId: serviceId('bookkeeping') },
        { clientId: business!.id, serviceId: serviceId('tax') },
      ]);

      if (cohort.key === 'b1g1') {
        b1g1 = { businessId: business!.id, advisorId, adminId };
        const [personal] = await tx
          .insert(clients)
          .values({
            clientType: CLIENT_TYPE.personal,
            name: 'Batch1 Group1',
            ownerUserId: clientUserId,
            advisorUserId: advisorAdvisorId,
            // What the create form asks of a personal client, so its edit form opens filled in.
            firstName: 'Batch1',
            lastName: 'Group1',
            maritalStatus: MARITAL_STATUS.single,
            emailAddress: 'b1g1_client@gmail.com',
          })
          .returning({ id: clients.id });
        await tx.insert(clientServices).values({ clientId: personal!.id, serviceId: serviceId('tax') });
      }
    }

    // Requests (docs/requests.md): two templates, a monthly schedule for every bookkeeping client
    // (made today, so its first run is next month's), and an open request to b1g1's business client.
    const otherDocuments = mainTagRows.find((tag) => tag.name === 'other-documents')!.id;
    const yearEnd = [
      { title: 'W-2 and 1099 forms', kind: REQUEST_ITEM_KIND.documents, tagIds: [otherDocuments] },
      { title: 'Did you buy or sell a home this year?', kind: REQUEST_ITEM_KIND.answer, tagIds: [] },
      {
        title: 'Childcare receipts',
        description: 'Receipts from every provider, or tell us you had none.',
        kind: REQUEST_ITEM_KIND.both,
        tagIds: [otherDocuments],
      },
    ];
    // Filed as bank statements, so an upload ticks the bookkeeping tracker; the client picks the
    // Quarter and Year the tag activates when uploading (they change every month).
    const bankStatement = mainTagRows.find((tag) => tag.name === 'bank-statement')!.id;
    const monthly = [
      { title: 'Statements of every bank account', kind: REQUEST_ITEM_KIND.documents, tagIds: [bankStatement] },
      { title: 'Did you open or close an account this month?', kind: REQUEST_ITEM_KIND.answer, tagIds: [] },
    ];
    const addTemplate = async (
      values: { name: string; title: string; service: string; dueOffsetDays: number },
      items: typeof yearEnd,
    ) => {
      const [template] = await tx
        .insert(requestTemplates)
        .values({ ...values, serviceId: serviceId(values.service), creatorUserId: b1g1.adminId })
        .returning({ id: requestTemplates.id });
      for (const [position, item] of items.entries()) {
        const [row] = await tx
          .insert(requestTemplateItems)
          .values({
            templateId: template!.id,
            position,
            title: item.title,
            description: item.description,
            kind: item.kind,
          })
          .returning({ id: requestTemplateItems.id });
        for (const tagId of item.tagIds) await tx.insert(requestTemplateItemTags).values({ itemId: row!.id, tagId });
      }
      return template!.id;
    };
    const yearEndId = await addTemplate(
      { name: 'Year-end tax documents', title: 'Year-end tax documents', service: 'tax', dueOffsetDays: 21 },
      yearEnd,
    );
    const monthlyId = await addTemplate(
      { name: 'Monthly bank statements', title: 'Bank statements', service: 'bookkeeping', dueOffsetDays: 10 },
      monthly,
    );
    await tx.insert(requestSchedules).values({
      name: 'Bank statements every month',
      templateId: monthlyId,
      dayOfMonth: 1,
      audience: REQUEST_SCHEDULE_AUDIENCE.serviceClients,
      audienceServiceId: serviceId('bookkeeping'),
      creatorUserId: b1g1.adminId,
    });
    const [openRequest] = await tx
      .insert(requests)
      .values({
        clientId: b1g1.businessId,
        serviceId: serviceId('tax'),
        title: `Year-end tax documents ${new Date().getFullYear()}`,
        dueDate: addDays(todayIn('America/New_York'), 14),
        creatorUserId: b1g1.advisorId,
        templateId: yearEndId,
      })
      .returning({ id: requests.id });
    for (const [position, item] of yearEnd.entries()) {
      const [row] = await tx
        .insert(requestItems)
        .values({
          requestId: openRequest!.id,
          position,
          title: item.title,
          description: item.description,
          kind: item.kind,
        })
        .returning({ id: requestItems.id });
      for (const tagId of item.tagIds) await tx.insert(requestItemTags).values({ itemId: row!.id, tagId });
    }

    // Leads (docs/leads-and-onboarding.md), so the Leads screens and the onboarding dialog have
    // something to show. Intake answers as the wizard stores them; ids are the lookups of migration 0016.
    const intake = {
      intakeAnsweredAt: new Date(),
      annualSalesRangeId: 2,
      employeeCountRangeId: 2,
      acquisitionChannelId: 1,
      hasAnyReadyFinancialReport: true,
      yearToGetTaxService: new Date().getFullYear() - 1,
      currentlyDoingBookkeeping: true,
      yearToGetBookkeepingService: new Date().getFullYear(),
      accountingSoftwareToolId: 1,
    };
    const [partWay] = await tx
      .insert(leads)
      .values({
        idHash: newLeadIdHash(),
        status: LEAD_STATUS.quote,
        legalCompanyName: DEMO_LEAD_COMPANY,
        contactFirstName: 'Robin',
        contactLastName: 'Prospect',
        contactEmailAddress: 'robin.prospect@example.com',
        contactPhoneNumber: '(555) 010-0200',
        contactPosition: CONTACT_POSITION.owner,
        industryId: 3,
        ...intake,
      })
      .returning({ id: leads.id });
    await tx.insert(leadServices).values([
      { leadId: partWay!.id, onboardingServiceId: ONBOARDING_SERVICE.tax },
      { leadId: partWay!.id, onboardingServiceId: ONBOARDING_SERVICE.bookkeeping },
    ]);
    await tx.insert(leadServicePlans).values([
      { leadId: partWay!.id, servicePlanId: 1 },
      { leadId: partWay!.id, servicePlanId: 2 },
    ]);

    // What the wizard's "Create account" step leaves behind (onboarding.service
    // updateClientInformation): the client user owing the lead onboarding, the business client with
    // the firm's services matching the chosen ones, and the lead at "create account". The EIN is
    // left out: the seed has no field-encryption key (the demo clients hold no TIN either).
    const onboardingLeadIdHash = newLeadIdHash();
    const onboardingUserId = await addUser(
      {
        firstName: 'Casey',
        lastName: 'Newcomer',
        username: ONBOARDING_DEMO_USER.emailAddress,
        emailAddress: ONBOARDING_DEMO_USER.emailAddress,
        phoneNumber: '5550100300',
        passwordHash: onboardingHash,
        leadIdHash: onboardingLeadIdHash,
        isLeadOnboardingCompleted: false,
      },
      ROLE_NAME.client,
    );
    const [bakery] = await tx
      .insert(clients)
      .values({
        clientType: CLIENT_TYPE.business,
        name: ONBOARDING_DEMO_USER.companyName,
        ownerUserId: onboardingUserId,
        emailAddress: ONBOARDING_DEMO_USER.emailAddress,
        phoneNumber: '5550100301',
        addressLine1: '12 Harbor Street, Portland',
      })
      .returning({ id: clients.id });
    await tx.insert(clientServices).values([
      { clientId: bakery!.id, serviceId: serviceId('tax') },
      { clientId: bakery!.id, serviceId: serviceId('bookkeeping') },
    ]);
    // Their first sign-in starts on it, as the onboarding's own account does (ADR 0014).
    await tx.insert(lastChosenClients).values({ userId: onboardingUserId, clientId: bakery!.id });
    const [accountLead] = await tx
      .insert(leads)
      .values({
        idHash: onboardingLeadIdHash,
        status: LEAD_STATUS.createAccount,
        legalCompanyName: ONBOARDING_DEMO_USER.companyName,
        contactFirstName: 'Casey',
        contactLastName: 'Newcomer',
        contactEmailAddress: 'casey.newcomer@example.com',
        contactPhoneNumber: '(555) 010-0300',
        contactPosition: CONTACT_POSITION.owner,
        industryId: 1,
        ...intake,
        contractAcceptedAt: new Date(),
        companyPhoneNumber: '(555) 010-0301',
        companyAddress: '12 Harbor Street, Portland',
        linkedUserId: onboardingUserId,
        clientId: bakery!.id,
      })
      .returning({ id: leads.id });
    await tx.insert(leadServices).values([
      { leadId: accountLead!.id, onboardingServiceId: ONBOARDING_SERVICE.tax },
      { leadId: accountLead!.id, onboardingServiceId: ONBOARDING_SERVICE.bookkeeping },
    ]);
    await tx.insert(leadServicePlans).values([
      { leadId: accountLead!.id, servicePlanId: 1 },
      { leadId: accountLead!.id, servicePlanId: 2 },
    ]);
  });
  return true;
}
