import { count } from 'drizzle-orm';
import {
  DEFAULT_ROLE_PERMISSIONS,
  ROLE_NAME,
  ROLE_NAMES,
  STATIC_ROLE_NAMES,
  CLIENT_TYPE,
  type RoleName,
} from '@ledgerport/shared';
import type { Db } from '../client.js';
import {
  clientServices,
  clients,
  departments,
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
        phoneNumber: '(555) 010-0100',
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
        phoneNumber: '(555) 010-0101',
        isActive: false,
        passwordHash: inactiveHash,
      },
      ROLE_NAME.client,
    );

    for (const cohort of COHORTS) {
      const person = (role: RoleName) => ({
        firstName: 'Batch1',
        lastName: cohort.lastName,
        username: `${cohort.key}_${role}`,
        emailAddress: `${cohort.key}_${role}@gmail.com`,
        phoneNumber: '(555) 010-0000',
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
        const [personal] = await tx
          .insert(clients)
          .values({
            clientType: CLIENT_TYPE.personal,
            name: 'Batch1 Group1',
            ownerUserId: clientUserId,
            advisorUserId: advisorAdvisorId,
          })
          .returning({ id: clients.id });
        await tx.insert(clientServices).values({ clientId: personal!.id, serviceId: serviceId('tax') });
      }
    }
  });
  return true;
}
