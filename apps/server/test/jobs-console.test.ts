import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CallerTokens, consoleChecks, openCallerTokens } from './console-checks.ts';
import { startTestApp, type TestApp } from './harness.ts';

const API = '/backoffice/api';
let t: TestApp;
let tokens: CallerTokens;
const { expectAudited, expectFailure, expectRefusals } = consoleChecks(
  () => t,
  () => tokens,
);

/** A job left dead by its last failed attempt (its message is gone, so a retry finds nothing to send). */
async function deadJob(kind = 'mail.deliver'): Promise<number> {
  const [row] = await t.db.query<{ id: bigint }>(
    `insert into jobs (kind, payload, status, run_at, attempts, max_attempts, last_error, created_at, finished_at)
     values ($1, '{"id": 999999}', 'dead', $2, 8, 8, 'Error: smtp: ECONNREFUSED', $2, $2) returning id`,
    [kind, t.clock.now()],
  );
  return Number(row?.id);
}

describe('console: jobs', () => {
  beforeAll(async () => {
    t = await startTestApp({ runJobs: false });
    tokens = await openCallerTokens(t);
  });
  afterAll(async () => {
    await t.close();
  });

  it('lists jobs newest first, filtered by status and kind, dead ones with their last error', async () => {
    const id = await deadJob();
    const res = await t.get(`${API}/jobs?status=dead&kind=mail.deliver`, tokens.operations);
    expect(res.status).toBe(200);
    expect(res.body.value).toMatchObject({ total: expect.any(Number), pageNo: 1 });
    expect(res.body.value.list[0]).toEqual({
      id,
      kind: 'mail.deliver',
      status: 'dead',
      attempts: 8,
      maxAttempts: 8,
      runAt: t.clock.now().toISOString(),
      lastError: 'Error: smtp: ECONNREFUSED',
      slot: null,
      createdAt: t.clock.now().toISOString(),
      finishedAt: t.clock.now().toISOString(),
    });
    const none = await t.get(`${API}/jobs?status=dead&kind=nothing.here`, tokens.owner);
    expect(none.body.value).toEqual({ list: [], total: 0, pageNo: 1, pageSize: 20 });
    expectFailure(await t.get(`${API}/jobs?status=sleeping`, tokens.operations), 400, 'validation_failed', {
      status: expect.any(String),
    });
  });

  it('retries a dead job (audited), which then runs; refuses a job that is not dead, or unknown', async () => {
    const id = await deadJob();
    const res = await t.send('POST', `${API}/jobs/${id}/retry`, undefined, tokens.operations);
    expect(res.status).toBe(200);
    expect(res.body.value).toMatchObject({ id, status: 'queued', attempts: 0, finishedAt: null });
    await expectAudited(tokens.operations, 'job', {
      action: 'retry',
      entityId: id,
      before: expect.objectContaining({ status: 'dead', attempts: 8 }),
      after: expect.objectContaining({ status: 'queued', attempts: 0 }),
    });
    expectFailure(
      await t.send('POST', `${API}/jobs/${id}/retry`, undefined, tokens.operations),
      409,
      'job_not_dead',
    );
    await t.jobs.runDue();
    const done = await t.get(`${API}/jobs?kind=mail.deliver&status=done`, tokens.operations);
    expect(done.body.value.list.map((job: { id: number }) => job.id)).toContain(id);
    expectFailure(
      await t.send('POST', `${API}/jobs/987654/retry`, undefined, tokens.operations),
      404,
      'not_found',
    );
  });

  it('refuses visitors, members, ended sessions, support and finance', async () => {
    const id = await deadJob();
    await expectRefusals(
      [
        { method: 'GET', url: `${API}/jobs` },
        { method: 'POST', url: `${API}/jobs/${id}/retry` },
      ],
      ['support', 'finance'],
    );
    const [row] = await t.db.query<{ status: string }>('select status from jobs where id = $1', [id]);
    expect(row?.status).toBe('dead');
  });
});
