import type { Role } from '@quayside/domain/people';

// What the screens show each role (SPEC.md §6). The server enforces the same rules on every call.

/** Non-Employee means Admin or Forwarder for editing purposes; Manager is read-only like Employee. */
export const canEdit = (role: Role | undefined) => role === 'Admin' || role === 'Forwarder';
export const canSeeReports = (role: Role | undefined) => role !== undefined && role !== 'Forwarder';
export const canManageUsers = (role: Role | undefined) => role === 'Admin';
