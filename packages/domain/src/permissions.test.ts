import { describe, expect, it } from 'vitest';
import { ROLES } from './people.ts';
import {
  canManagePeople,
  canRestoreDeletions,
  canSeeReports,
  canWriteRecords,
  isConfinedToItsCompany,
  isStaff,
  isSupplier,
  seesHiddenLineItems,
} from './permissions.ts';

describe('the role table', () => {
  it('gives each role the rights of SPEC.md §6, restoring deletions to the Admin alone, and a supplier none of them', () => {
    const table = Object.fromEntries(
      ROLES.map((role) => [
        role,
        [
          canWriteRecords,
          canSeeReports,
          seesHiddenLineItems,
          canManagePeople,
          canRestoreDeletions,
          isConfinedToItsCompany,
          isStaff,
          isSupplier,
        ]
          .map((rule) => (rule(role) ? 'y' : '-'))
          .join(''),
      ]),
    );
    expect(table).toEqual({
      Admin: 'yyyyy-y-',
      Employee: '-yy---y-',
      Manager: '-yy---y-',
      Forwarder: 'y----y--',
      Supplier: '-------y',
    });
  });

  it('lets a role not known yet do nothing', () => {
    for (const rule of [
      canWriteRecords,
      canSeeReports,
      seesHiddenLineItems,
      canManagePeople,
      canRestoreDeletions,
      isStaff,
      isSupplier,
    ]) {
      expect(rule(undefined)).toBe(false);
    }
  });
});
