import { defineProject } from 'vitest/config';
import react from '@vitejs/plugin-react';
import path from 'node:path';
import { localeSplit } from './build/locale-split.ts';

export default defineProject({
  plugins: [react(), localeSplit(import.meta.dirname)],
  resolve: { alias: { '@': path.resolve(import.meta.dirname, 'src') } },
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['src/test/setup.ts'],
    // Node 25 and later have a localStorage of their own (empty without --localstorage-file) that
    // hides jsdom's: off in the test workers, as a browser has only its own. Node 20 knows no such flag.
    execArgv: Number(process.versions.node.split('.')[0]) >= 25 ? ['--no-experimental-webstorage'] : [],
  },
});
