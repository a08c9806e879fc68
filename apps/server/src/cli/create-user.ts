import { parseArgs } from 'node:util';
import { ROLES, userCreateBody } from '@promo/shared';
import { loadConfig } from '../config';
import { hashPassword } from '../lib/passwords';
import { users } from '../db/schema';
import { findLiveUserByEmail } from '../modules/auth/service';
import { withCliDatabase } from './cli-database';

const MESSAGES: Record<string, string> = {
  email_required: 'an email is required',
  valid_email: 'the email is not a valid address',
  required_field: 'this is required',
  password_min_8: 'the password must have at least 8 characters',
  password_latin_letters: 'the password must contain a Latin letter',
  password_digit: 'the password must contain a digit',
  name_min_2_chars: 'the name must have at least 2 characters',
  invalid_role: `the role must be one of: ${ROLES.join(', ')}`,
};

const usage = 'Usage: npm run create-user -- --email E --password P --role R [--name N]';
let values;
try {
  ({ values } = parseArgs({
    options: { email: { type: 'string' }, password: { type: 'string' }, role: { type: 'string' }, name: { type: 'string' } },
  }));
} catch (err) {
  console.error(`${(err as Error).message}\n${usage}`);
  process.exit(2);
}
const parsed = userCreateBody.safeParse({ ...values, name: values.name ?? values.email?.split('@')[0] });
if (!values.email || !values.password || !values.role || !parsed.success) {
  const problems = parsed.success
    ? ['--email, --password and --role are required']
    : parsed.error.issues.map((i) => `--${String(i.path[0])}: ${MESSAGES[i.message] ?? i.message}`);
  console.error(`Refused: ${problems.join('; ')}\n${usage}`);
  process.exit(2);
}
const input = parsed.data;

await withCliDatabase(loadConfig(), async (db) => {
  if (await findLiveUserByEmail(db, input.email)) {
    console.error(`Refused: a user with the email ${input.email} already exists.`);
    process.exitCode = 1;
    return;
  }
  const [created] = await db
    .insert(users)
    .values({ email: input.email, name: input.name, role: input.role, password_hash: await hashPassword(input.password) })
    .returning({ id: users.id });
  console.log(`Created ${input.role} ${input.email} (id ${created!.id}).`);
});
