import { describe, expect, it } from 'vitest';
import { ROLES } from './people.ts';
import {
  canManagePeople,
  canRestoreDeletions,
  canSeeReports,
  canWriteRecords,
  isConfinedToItsCompany,
  seesHiddenLineItems,
} from './permissions.ts';

describe('the role table', () => {
  it('gives each role the rights of SPEC.md §6, restoring deletions to the Admin alone', () => {
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
        ]
          .map((rule) => (rule(role) ? 'y' : '-'))
          .join(''),
      ]),
    );
    expect(table).toEqual({
      Admin: 'yyyyy-',
      Employee: '-yy---',
      Manager: '-yy---',
      Forwarder: 'y----y',
    });
  });

  it('lets a role not known yet do nothing', () => {
    for (const rule of [canWriteRecords, canSeeReports, seesHiddenLineItems, canManagePeople, canRestoreDeletions]) {
      expect(rule(undefined)).toBe(false);
    }
  });
});
