import { z } from 'zod';
import { PersonInput } from './people.ts';

/** POST /api/auth/set-up: the printed token and the first Admin's details. */
export const FirstAdminBody = PersonInput.pick({ full_name: true, email: true, company_name: true }).extend({
  token: z.string().max(256),
  password: z.string().max(1024),
});
export type FirstAdminBody = z.infer<typeof FirstAdminBody>;
