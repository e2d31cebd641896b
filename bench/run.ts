// `npm run bench`: runs every bench/*.bench.ts in turn; each sets up its own data and prints its figures.
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';

const only = process.argv[2];
const files = readdirSync('bench')
  .filter((file) => file.endsWith('.bench.ts'))
  .filter((file) => !only || file.includes(only))
  .sort();
if (files.length === 0) {
  console.log('No benchmarks found.');
}
let failed = 0;
for (const file of files) {
  console.log(`\n=== ${file} ===`);
  const result = spawnSync('node_modules/.bin/tsx', [`bench/${file}`], { stdio: 'inherit' });
  if (result.status !== 0) failed++;
}
process.exit(failed === 0 ? 0 : 1);
