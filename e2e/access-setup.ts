// Before the e2e server starts (e2e/serve.sh; the embedded database is the server's once it runs):
// a `support` user of the merchant (issue 29), for e2e/access.spec.ts, in .data-e2e/support.json.
import fs from 'node:fs';
import { createUser } from '../lib/dashboard/users';
import { openDatabase } from '../lib/db/client';

const merchantId = JSON.parse(fs.readFileSync('.data-e2e/keys.json', 'utf8')).merchant.id as string;
const handle = await openDatabase();
try {
  const made = await createUser(handle.db, { merchantId, email: 'support@boutique-awa.test', role: 'support' });
  fs.writeFileSync('.data-e2e/support.json', JSON.stringify({ user: made.user, password: made.password }));
} finally {
  await handle.close();
}
