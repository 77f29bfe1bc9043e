import { afterAll, afterEach, beforeEach } from 'vitest';
import { endTest, reportFile, startTest, timeFetch } from './timing.ts';

// With E2E_TIMING=1 only (vitest.config.ts): per-test phases of each file (timing.ts).
timeFetch();
let file = '';
beforeEach((context) => {
  file = context.task.file.filepath;
  startTest(context.task.name);
});
afterEach(() => endTest());
afterAll(() => reportFile(file));
