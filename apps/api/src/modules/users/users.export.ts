import type { Writable } from 'node:stream';
import ExcelJS from 'exceljs';
import { ROLE_NAME, type UserListItemDto, formatPhone } from '@ledgerport/shared';
import { drainedOrClosed, neutraliseFormula } from '../../lib/spreadsheet.js';

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

const COLUMNS: Array<{ header: string; key: string; width: number; value: (user: UserListItemDto) => string }> = [
  { header: 'Full name', key: 'fullName', width: 28, value: (u) => u.fullName },
  { header: 'Status', key: 'status', width: 10, value: (u) => (u.isActive ? 'Active' : 'Inactive') },
  { header: 'Email address', key: 'emailAddress', width: 34, value: (u) => u.emailAddress },
  { header: 'Username', key: 'username', width: 22, value: (u) => u.username },
  { header: 'Inviter', key: 'inviter', width: 24, value: (u) => u.inviter?.fullName ?? '' },
  {
    header: 'Phone number',
    key: 'phoneNumber',
    width: 22,
    value: (u) => [formatPhone(u.phoneNumber), u.extension].filter(Boolean).join(' / '),
  },
  { header: 'Roles', key: 'roles', width: 26, value: (u) => roleLabels(u).join(', ') },
  { header: 'Advisor', key: 'advisor', width: 24, value: (u) => u.advisor?.fullName ?? '' },
];

/**
 * Streams the users into an .xlsx on `stream`, one committed row at a time, so memory stays flat
 * however many users there are (DESIGN.md section 10). Resolves once the workbook is complete.
 */
export async function writeUsersWorkbook(batches: AsyncIterable<UserListItemDto[]>, stream: Writable): Promise<void> {
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream, useStyles: true, useSharedStrings: false });
  const sheet = workbook.addWorksheet('Users', { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = COLUMNS.map(({ header, key, width }) => ({ header, key, width }));
  sheet.getRow(1).font = { bold: true };
  sheet.getRow(1).commit();
  for await (const batch of batches) {
    for (const user of batch) {
      sheet.addRow(COLUMNS.map((column) => neutraliseFormula(column.value(user)))).commit();
    }
    // Let a slow client drain what is written before the next batch is read; stop if it went away.
    if (stream.writableNeedDrain) await drainedOrClosed(stream);
    if (stream.destroyed) return;
  }
  sheet.commit();
  await workbook.commit();
}
