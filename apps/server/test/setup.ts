import { beforeEach } from 'vitest';
import { rewindClocks } from './harness.ts';

// No test depends on the time another test moved its clock to.
beforeEach(() => {
  rewindClocks();
});
