import { loadConfig } from '../config';
import { withCliDatabase } from './cli-database';
import { isEmpty, seedDemo } from '../db/seed/demo';

await withCliDatabase(loadConfig(), async (db) => {
  if (!(await isEmpty(db))) {
    console.log('The database already has users; the demo data is loaded only into an empty database.');
    return;
  }
  await seedDemo(db);
  console.log('Demo data loaded.');
});
