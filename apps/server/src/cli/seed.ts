import { loadConfig } from '../config';
import { withCliDatabase } from './cli-database';
import { isEmpty, seedDemo } from '../db/seed/demo';
import { storageFor } from '../lib/storage';

const config = loadConfig();
await withCliDatabase(config, async (db) => {
  if (!(await isEmpty(db))) {
    console.log('The database already has users; the demo data is loaded only into an empty database.');
    return;
  }
  await seedDemo(db, await storageFor(config));
  console.log('Demo data loaded.');
});
