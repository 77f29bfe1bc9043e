// Loaded into the server process by bench/http.ts when PROFILE=<folder> is set (node --import through
// NODE_OPTIONS, which does not take --cpu-prof): records a CPU profile and writes it to that folder at exit.
import { mkdirSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector';
import { join } from 'node:path';

const folder = process.env.TESSERA_PROFILE_DIR;
if (folder) {
  const session = new Session();
  session.connect();
  session.post('Profiler.enable');
  session.post('Profiler.setSamplingInterval', { interval: 500 });
  session.post('Profiler.start');
  process.once('exit', () => {
    // The in-process session answers synchronously, so the profile is written before the process ends.
    session.post('Profiler.stop', (error, result) => {
      if (error) return;
      mkdirSync(folder, { recursive: true });
      writeFileSync(join(folder, `server-${process.pid}.cpuprofile`), JSON.stringify(result.profile));
    });
  });
}
