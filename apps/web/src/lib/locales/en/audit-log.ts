/** Texts of the auditLog area. */
export const auditLog = {
  title: 'auditLog',
} as const;
