import { describe, expect, it } from 'vitest';
import {
  canManagePeople,
  canReadShipment,
  canSeeReports,
  canWriteRecords,
  canWriteShipment,
  seesHiddenLineItems,
} from './permissions.ts';
import type { Principal } from './principal.ts';

const principal = (role: Principal['role'], company = ''): Principal => ({
  personId: 1,
  userId: 'u1',
  email: 'someone@example.com',
  fullName: 'Someone',
  role,
  company,
});

const ourShipment = { forwarder_name: '  Blue Freight ' };
const theirShipment = { forwarder_name: 'Red Cargo' };

describe('the permission table', () => {
  it('lets Admin do everything', () => {
    const admin = principal('Admin', 'NAPCO');
    expect([canManagePeople, canWriteRecords, canSeeReports, seesHiddenLineItems].every((rule) => rule(admin))).toBe(
      true,
    );
    expect(canWriteShipment(admin, theirShipment)).toBe(true);
  });

  it('keeps Employee (and the display-only Manager) read-only', () => {
    for (const reader of [principal('Employee'), principal('Manager')]) {
      expect(canReadShipment(reader, theirShipment)).toBe(true);
      expect(canWriteRecords(reader)).toBe(false);
      expect(canWriteShipment(reader, theirShipment)).toBe(false);
      expect(canManagePeople(reader)).toBe(false);
      expect(canSeeReports(reader)).toBe(true);
    }
  });

  it('confines a Forwarder to shipments of its own company, compared trimmed and case-insensitively', () => {
    const forwarder = principal('Forwarder', 'blue freight');
    expect(canReadShipment(forwarder, ourShipment)).toBe(true);
    expect(canWriteShipment(forwarder, ourShipment)).toBe(true);
    expect(canReadShipment(forwarder, theirShipment)).toBe(false);
    expect(canWriteShipment(forwarder, theirShipment)).toBe(false);
    expect(canReadShipment(principal('Forwarder', '  '), { forwarder_name: '' })).toBe(false);
    expect(canSeeReports(forwarder)).toBe(false);
    expect(seesHiddenLineItems(forwarder)).toBe(false);
    expect(canManagePeople(forwarder)).toBe(false);
  });
});
