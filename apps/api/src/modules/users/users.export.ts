import type { Writable } from 'node:stream';
import { ROLE_NAME, type UserListItemDto, formatPhone } from '@ledgerport/shared';
import { type WorkbookColumn, writeWorkbook } from '../../lib/export-workbook.js';

export const XLSX_CONTENT_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** `Users_2026-11-21.xlsx`: the web app saves the file under this name. */
export function usersExportFileName(now: Date = new Date()): string {
  return `Users_${now.toISOString().slice(0, 10)}.xlsx`;
}

/** RFC 6266: a plain ASCII `filename` for old clients and the exact name as `filename*`. */
export function attachmentDisposition(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

/** The role chips' text (spec 01 section 2.13): an employee's department follows a dash. */
export function roleLabels(user: Pick<UserListItemDto, 'roles' | 'department'>): string[] {
  return user.roles.map((role) =>
    role.name === ROLE_NAME.employee && user.department
      ? `${role.displayName} - ${user.department.displayName}`
      : role.displayName,
  );
}

const COLUMNS: Array<WorkbookColumn<UserListItemDto>> = [
  { header: 'Full name', width: 28, value: (u) => u.fullName },
  { header: 'Status', width: 10, value: (u) => (u.isActive ? 'Active' : 'Inactive') },
  { header: 'Email address', width: 34, value: (u) => u.emailAddress },
  { header: 'Username', width: 22, value: (u) => u.username },
  { header: 'Inviter', width: 24, value: (u) => u.inviter?.fullName ?? '' },
  {
    header: 'Phone number',
    width: 22,
    value: (u) => [formatPhone(u.phoneNumber), u.extension].filter(Boolean).join(' / '),
  },
  { header: 'Roles', width: 26, value: (u) => roleLabels(u).join(', ') },
  { header: 'Advisor', width: 24, value: (u) => u.advisor?.fullName ?? '' },
];

/**
 * Streams the users into an .xlsx on `stream`, one committed row at a time, so memory stays flat
 * however many users there are (DESIGN.md section 10). Resolves once the workbook is complete.
 */
export function writeUsersWorkbook(batches: AsyncIterable<UserListItemDto[]>, stream: Writable): Promise<void> {
  return writeWorkbook(batches, stream, { name: 'Users', columns: COLUMNS });
}
