import {
  accountsEndpoints as accounts,
  agentTreeEndpoints as api,
  agentTreeConsoleEndpoints as bo,
  walletPlayerEndpoints as wallet,
} from '@tessera/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginBody, registerMember, sealed, solvedCaptcha } from '../../../test/factories/accounts.ts';
import { PAYMENT_PASSWORD, walletMember } from '../../../test/factories/wallet.ts';
import { startTestApp, TEST_DATABASE, type TestApp } from '../../../test/harness.ts';
import { DEMO_AGENT_PASSWORD } from '../../seed/agents-tree.ts';
import { directDownline, isInTeam, teamMemberById, teamMemberByUsername } from './team.ts';

const at = (template: string, id: number) => template.replace(':id', String(id));

describe('agents: the tree, the team scope, downline registration, affiliate links', () => {
  let t: TestApp;
  let operations: string;
  let support: string;
  let finance: string;
  let families = 0;

  /** A member with a session (and a payment password and money when asked), placed under the upline. */
  async function placed(type: number, upline: number | null, funds?: bigint) {
    const member = await walletMember(t, { type, paymentPassword: true, ...(funds ? { funds } : {}) });
    if (upline !== null)
      await t.db.query('update members set upline_id = $2 where id = $1', [member.id, upline]);
    const [row] = await t.db.query<{ username: string }>('select username from members where id = $1', [
      member.id,
    ]);
    return { ...member, username: row?.username as string };
  }

  /**
   * A: top agent with sub-agent B and member m1; B has member m2. X: another top agent with member x1. Every test
   * has its own family.
   */
  async function family() {
    families += 1;
    const a = await placed(1, null, 100_000n);
    const b = await placed(1, a.id);
    const m1 = await placed(0, a.id);
    const m2 = await placed(0, b.id);
    const x = await placed(1, null);
    const x1 = await placed(0, x.id);
    return { a, b, m1, m2, x, x1 };
  }

  beforeAll(async () => {
    t = await startTestApp();
    operations = await t.operatorToken('operations');
    support = await t.operatorToken('support');
    finance = await t.operatorToken('finance');
  });
  afterAll(async () => {
    await t.close();
  });

  describe('the team scope', () => {
    it("an agent's team is its whole branch with levels; another agent's members are never in it", async () => {
      const { a, b, m1, m2, x, x1 } = await family();
      const team = await t.get(`${api.team.path}?pageSize=100`, a.token);
      expect(team.status).toBe(200);
      expect(team.body.value.total).toBe(3);
      const levels = Object.fromEntries(
        team.body.value.list.map((row: { id: number; level: number }) => [row.id, row.level]),
      );
      expect(levels).toEqual({ [b.id]: 1, [m1.id]: 1, [m2.id]: 2 });
      const bRow = team.body.value.list.find((row: { id: number }) => row.id === b.id);
      expect(bRow).toMatchObject({ type: 1, directCount: 1, teamCount: 1, uplineId: a.id, balance: 0 });
      const subTeam = await t.get(api.team.path, b.token);
      expect(subTeam.body.value.list.map((row: { id: number }) => row.id)).toEqual([m2.id]);
      const other = await t.get(api.team.path, x.token);
      expect(other.body.value.list.map((row: { id: number }) => row.id)).toEqual([x1.id]);
    });

    it('by id: a member outside the branch (or above it) answers as one that does not exist', async () => {
      const { a, b, m1, m2, x1 } = await family();
      const mine = await t.get(at(api.teamMember.path, m2.id), a.token);
      expect(mine.body.value).toMatchObject({ id: m2.id, level: 2, uplineId: b.id });
      const missing = await t.get(at(api.teamMember.path, 2_000_000_000), a.token);
      expect(missing.status).toBe(404);
      expect(missing.body.code).toBe('not_found');
      for (const [token, id] of [
        [a.token, x1.id],
        [b.token, m1.id],
        [b.token, a.id],
        [a.token, a.id],
      ] as const) {
        const refused = await t.get(at(api.teamMember.path, id), token);
        expect(refused.status).toBe(404);
        expect(refused.body).toEqual(missing.body);
      }
    });

    it('the scope checks other parts use: in the team at any depth, by id or user name; direct downlines', async () => {
      const { a, b, m1, m2, x, x1 } = await family();
      expect(await isInTeam(t.db, a.id, m2.id)).toBe(true);
      expect(await isInTeam(t.db, b.id, m2.id)).toBe(true);
      expect(await isInTeam(t.db, a.id, a.id)).toBe(false);
      expect(await isInTeam(t.db, b.id, m1.id)).toBe(false);
      expect(await isInTeam(t.db, x.id, m2.id)).toBe(false);
      expect((await teamMemberByUsername(t.db, a.id, m2.username.toUpperCase()))?.id).toBe(m2.id);
      expect(await teamMemberByUsername(t.db, a.id, x1.username)).toBeNull();
      expect((await teamMemberById(t.db, a.id, b.id))?.upline_id).toBe(a.id);
      expect(await teamMemberById(t.db, x.id, b.id)).toBeNull();
      expect((await directDownline(t.db, a.id, { id: m1.id }))?.id).toBe(m1.id);
      expect((await directDownline(t.db, a.id, { username: b.username }))?.id).toBe(b.id);
      expect(await directDownline(t.db, a.id, { id: m2.id })).toBeNull();
      expect(await directDownline(t.db, a.id, { id: x1.id })).toBeNull();
    });

    it('searches by user name prefix, level, type and registered dates, with paging', async () => {
      const { a, b, m1, m2 } = await family();
      const prefix = m1.username.slice(0, m1.username.length - 1);
      const byName = await t.get(`${api.team.path}?username=${m1.username.toUpperCase()}`, a.token);
      expect(byName.body.value.list.map((row: { id: number }) => row.id)).toEqual([m1.id]);
      expect(
        (await t.get(`${api.team.path}?username=${prefix}&pageSize=100`, a.token)).body.value.total,
      ).toBeGreaterThan(0);
      expect((await t.get(`${api.team.path}?username=%25`, a.token)).body.value.total).toBe(0);
      const direct = await t.get(`${api.team.path}?level=1`, a.token);
      expect(direct.body.value.list.map((row: { id: number }) => row.id).sort()).toEqual(
        [b.id, m1.id].sort(),
      );
      const agents = await t.get(`${api.team.path}?type=1`, a.token);
      expect(agents.body.value.list.map((row: { id: number }) => row.id)).toEqual([b.id]);
      // Agents are every agent type (1, 2, 41, 42), members every other type.
      await t.db.query('update members set type = 41 where id = $1', [b.id]);
      await t.db.query('update members set type = 9 where id = $1', [m2.id]);
      const ids = async (query: string) =>
        ((await t.get(`${api.team.path}?${query}`, a.token)).body.value.list as { id: number }[])
          .map((row) => row.id)
          .sort();
      expect(await ids('role=agent')).toEqual([b.id]);
      expect(await ids('role=member')).toEqual([m1.id, m2.id].sort());
      expect((await t.get(`${api.team.path}?role=boss`, a.token)).body.fields).toHaveProperty('role');
      await t.db.query('update members set type = 1 where id = $1', [b.id]);
      await t.db.query('update members set type = 0 where id = $1', [m2.id]);
      const paged = await t.get(`${api.team.path}?pageSize=2&pageNo=2`, a.token);
      expect(paged.body.value).toMatchObject({ total: 3, pageNo: 2, pageSize: 2 });
      expect(paged.body.value.list).toHaveLength(1);
      await t.db.query("update members set created_at = '2026-01-10T12:00:00Z' where id = $1", [m2.id]);
      const day = await t.get(`${api.team.path}?registeredFrom=2026-01-10&registeredTo=2026-01-10`, a.token);
      expect(day.body.value.list.map((row: { id: number }) => row.id)).toEqual([m2.id]);
      const bad = await t.get(`${api.team.path}?registeredFrom=yesterday`, a.token);
      expect(bad.body.code).toBe('validation_failed');
      expect(bad.body.fields).toHaveProperty('registeredFrom');
    });

    it('refuses visitors, trial accounts, members who are not agents and operators', async () => {
      const trial = await placed(4, null);
      const member = await placed(0, null);
      expect((await t.get(api.team.path)).body.code).toBe('unauthorized');
      expect((await t.get(api.team.path, trial.token)).body.code).toBe('in_need_true_account');
      expect((await t.get(api.team.path, member.token)).body.code).toBe('not_agent');
      expect((await t.get(api.team.path, operations)).body.code).toBe('unauthorized');
    });

    it("transfers to a downline reach direct downlines only, never another agent's member", async () => {
      const { a, m1, m2, x1 } = await family();
      const send = (toUsername: string) =>
        t.send(
          'POST',
          wallet.memberTransfer.path,
          { direction: 'downline', toUsername, amount: 5, paymentPassword: PAYMENT_PASSWORD },
          a.token,
        );
      expect((await send(m1.username)).body.value).toMatchObject({ toUsername: m1.username, amount: 5 });
      for (const outside of [x1.username, m2.username]) {
        expect((await send(outside)).body).toMatchObject({
          code: 'validation_failed',
          fields: { toUsername: 'Value is not valid' },
        });
      }
      const [row] = await t.db.query<{ n: number }>(
        'select count(*)::int as n from member_transfers where from_member = $1',
        [a.id],
      );
      expect(row?.n).toBe(1);
    });
  });

  describe('downline registration', () => {
    const body = (username: string, type = 0) => ({
      username,
      password: 'Down-line-2026',
      confirmPassword: 'Down-line-2026',
      type,
    });

    it('opens a member or an agent under the calling agent, who can then log in', async () => {
      const { a } = await family();
      const name = `dl${families}m${t.deps.rng.int(1000, 9999)}`;
      const member = await t.send('POST', api.registerDownline.path, body(name), a.token);
      expect(member.status).toBe(200);
      expect(member.body.value).toMatchObject({ username: name, type: 0 });
      const agent = await t.send('POST', api.registerDownline.path, body(`${name}a`, 1), a.token);
      expect(agent.body.value).toMatchObject({ type: 1 });
      const rows = await t.db.query<{ id: number; upline_id: number; type: number; agent_path: number[] }>(
        'select id, upline_id, type, agent_path from members where id = any($1::int[]) order by id',
        [[member.body.value.id, agent.body.value.id]],
      );
      expect(rows.map((row) => [row.upline_id, row.type])).toEqual([
        [a.id, 0],
        [a.id, 1],
      ]);
      expect(rows[1]?.agent_path).toEqual([a.id, agent.body.value.id]);
      const login = await sealed(
        t,
        accounts.login,
        loginBody(name, 'Down-line-2026', await solvedCaptcha(t)),
      );
      expect(login.body.success).toBe(true);
      const team = await t.get(`${api.team.path}?username=${name}`, a.token);
      expect(team.body.value.total).toBe(2);
    });

    it('checks user name and password with the registration rules, and refuses a taken name and other types', async () => {
      const { a, b } = await family();
      const short = await t.send('POST', api.registerDownline.path, body('ab'), a.token);
      expect(short.body.code).toBe('validation_failed');
      expect(short.body.fields).toHaveProperty('username');
      const weak = await t.send(
        'POST',
        api.registerDownline.path,
        {
          ...body(`weak${families}x${t.deps.rng.int(1000, 9999)}`),
          password: 'short',
          confirmPassword: 'short',
        },
        a.token,
      );
      expect(weak.body.fields).toHaveProperty('password');
      const mismatch = await t.send(
        'POST',
        api.registerDownline.path,
        { ...body(`mism${families}x${t.deps.rng.int(1000, 9999)}`), confirmPassword: 'Other-pass-2026' },
        a.token,
      );
      expect(mismatch.body.fields).toHaveProperty('confirmPassword');
      const taken = await t.send('POST', api.registerDownline.path, body(b.username), a.token);
      expect(taken.body).toMatchObject({ code: 'username_taken' });
      for (const type of [2, 4, 41]) {
        const refused = await t.send(
          'POST',
          api.registerDownline.path,
          body(`tp${type}x${families}q`, type),
          a.token,
        );
        expect(refused.body.code).toBe('validation_failed');
        expect(refused.body.fields).toHaveProperty('type');
      }
    });

    it('is idempotent by key, limited per address as registration is, and only for agents', async () => {
      const { a, m1 } = await family();
      const name = `idem${families}x${t.deps.rng.int(1000, 9999)}`;
      const call = () =>
        t.call({
          method: 'POST',
          url: api.registerDownline.path,
          payload: body(name),
          token: a.token,
          headers: { 'idempotency-key': `dl-${name}` },
        });
      const counted = async () =>
        (
          await t.db.query<{ count: number }>(
            "select count from attempt_counters where key = 'register-ip:127.0.0.1'",
          )
        )[0]?.count ?? 0;
      const before = await counted();
      const first = await call();
      // The same per-address counter as registration's (its limit is lifted in tests: see the harness).
      expect(await counted()).toBe(before + 1);
      const again = await call();
      expect(again.body.value).toEqual(first.body.value);
      const [row] = await t.db.query<{ n: number }>(
        'select count(*)::int as n from members where username = $1',
        [name],
      );
      expect(row?.n).toBe(1);
      expect((await t.send('POST', api.registerDownline.path, body('nobody1'))).body.code).toBe(
        'unauthorized',
      );
      expect((await t.send('POST', api.registerDownline.path, body('nobody2'), m1.token)).body.code).toBe(
        'not_agent',
      );
    });
  });

  describe('affiliate links', () => {
    it('an agent makes links; a visitor clicks and registers through one and lands under the agent with its type', async () => {
      const { a, x } = await family();
      const made = await t.send('POST', api.createLink.path, { type: 1, note: 'forum' }, a.token);
      expect(made.status).toBe(200);
      expect(made.body.value).toMatchObject({ type: 1, note: 'forum', clicks: 0, signups: 0 });
      const code = made.body.value.code as string;
      expect(code).toMatch(/^[A-Z0-9]{8}$/);
      expect((await t.send('POST', api.linkClick.path, { code: code.toLowerCase() })).body.value).toEqual({
        ok: true,
      });
      expect((await t.send('POST', api.linkClick.path, { code: 'NOSUCH99' })).body.value).toEqual({
        ok: true,
      });
      const check = await t.get(`${accounts.affiliateCheck.path}?code=${code.toLowerCase()}`);
      expect(check.body.value).toEqual({ code, valid: true });
      const visitor = await registerMember(t, { affiliateCode: code });
      const [row] = await t.db.query<{ upline_id: number; type: number }>(
        'select upline_id, type from members where id = $1',
        [visitor.id],
      );
      expect(row).toEqual({ upline_id: a.id, type: 1 });
      const links = await t.get(api.links.path, a.token);
      expect(links.body.value.list).toEqual([expect.objectContaining({ code, clicks: 1, signups: 1 })]);
      expect((await t.get(api.links.path, x.token)).body.value.list).toEqual([]);
      const team = await t.get(at(api.teamMember.path, visitor.id), a.token);
      expect(team.body.value).toMatchObject({ type: 1, level: 1 });
    });

    it("a removed link's code stops working; another agent cannot remove it; the default code keeps working", async () => {
      const { a, x } = await family();
      const made = await t.send('POST', api.createLink.path, { type: 0 }, a.token);
      const { id, code } = made.body.value as { id: number; code: string };
      const foreign = await t.send('DELETE', at(api.removeLink.path, id), undefined, x.token);
      expect(foreign.status).toBe(404);
      expect((await t.send('DELETE', at(api.removeLink.path, id), undefined, a.token)).body.value).toEqual({
        ok: true,
      });
      expect((await t.get(`${accounts.affiliateCheck.path}?code=${code}`)).body.code).toBe(
        'affiliate_invalid',
      );
      const refused = await sealed(t, accounts.register, {
        username: `rm${families}x${t.deps.rng.int(1000, 9999)}`,
        password: 'Tessera-pass-2026',
        confirmPassword: 'Tessera-pass-2026',
        affiliateCode: code,
        ...(await solvedCaptcha(t)),
      });
      expect(refused.body.code).toBe('affiliate_invalid');
      const own = `OWN${families}${t.deps.rng.int(1000, 9999)}`;
      await t.db.query('update members set affiliate_code = $2 where id = $1', [a.id, own]);
      expect((await t.get(api.links.path, a.token)).body.value).toEqual({ defaultCode: own, list: [] });
      const member = await registerMember(t, { affiliateCode: own.toLowerCase() });
      const [row] = await t.db.query<{ upline_id: number; type: number }>(
        'select upline_id, type from members where id = $1',
        [member.id],
      );
      expect(row).toEqual({ upline_id: a.id, type: 0 });
    });

    it('refuses a bad type, visitors and members', async () => {
      const { a, m1 } = await family();
      const bad = await t.send('POST', api.createLink.path, { type: 4 }, a.token);
      expect(bad.body.code).toBe('validation_failed');
      expect(bad.body.fields).toHaveProperty('type');
      expect((await t.send('POST', api.createLink.path, { type: 0 })).body.code).toBe('unauthorized');
      expect((await t.get(api.links.path, m1.token)).body.code).toBe('not_agent');
    });
  });

  it('the demo tree: demoagent signs in with the published password and sees its team; DEMOLINK opens members', async () => {
    const login = await sealed(
      t,
      accounts.login,
      loginBody('demoagent', DEMO_AGENT_PASSWORD, await solvedCaptcha(t)),
    );
    expect(login.body.success).toBe(true);
    const token = login.body.value.token as string;
    const team = await t.get(`${api.team.path}?pageSize=100`, token);
    const names = team.body.value.list.map((row: { username: string; level: number }) => [
      row.username,
      row.level,
    ]);
    expect(names.sort()).toEqual([
      ['demoplayer1', 1],
      ['demoplayer2', 1],
      ['demoplayer3', 2],
      ['demosubagent', 1],
    ]);
    const links = await t.get(api.links.path, token);
    expect(links.body.value).toMatchObject({
      defaultCode: 'DEMOAGENT',
      list: [{ code: 'DEMOLINK', type: 0 }],
    });
  });

  describe("the operator's tree", () => {
    it('lists top-level agents, the members under a node (agents first), and finds a member with its path', async () => {
      const { a, b, m1, m2, x } = await family();
      const tops = await t.get(`${bo.tree.path}?pageSize=100`, support);
      const topIds = tops.body.value.list.map((row: { id: number }) => row.id);
      expect(topIds).toEqual(expect.arrayContaining([a.id, x.id]));
      expect(topIds).not.toContain(b.id);
      const children = await t.get(`${bo.tree.path}?parentId=${a.id}`, finance);
      expect(children.body.value.list.map((row: { id: number }) => row.id)).toEqual([b.id, m1.id]);
      expect(children.body.value.list[0]).toMatchObject({ depth: 1, directCount: 1, teamCount: 1 });
      const found = await t.get(`${bo.tree.path}?username=${m2.username}`, operations);
      expect(found.body.value.list[0].path.map((step: { id: number }) => step.id)).toEqual([
        a.id,
        b.id,
        m2.id,
      ]);
      // The move dialog's search: agents only by role, the exact name first.
      const base = `up${families}x${Date.now().toString(36)}`;
      for (const [id, suffix] of [
        [x.id, ''],
        [b.id, 'a'],
        [m1.id, 'b'],
      ] as const) {
        await t.db.query('update members set username = $2 where id = $1', [id, `${base}${suffix}`]);
      }
      const uplines = await t.get(`${bo.tree.path}?username=${base.toUpperCase()}&role=agent`, operations);
      expect(uplines.body.value.list.map((row: { id: number }) => row.id)).toEqual([x.id, b.id]);
      const members = await t.get(`${bo.tree.path}?username=${base}&role=member`, operations);
      expect(members.body.value.list.map((row: { id: number }) => row.id)).toEqual([m1.id]);
      expect((await t.get(`${bo.tree.path}?username=${base}&role=x`, operations)).body.fields).toHaveProperty(
        'role',
      );
      const node = await t.get(at(bo.node.path, m2.id), support);
      expect(node.body.value).toMatchObject({ id: m2.id, depth: 2, uplineId: b.id });
      expect((await t.get(at(bo.node.path, 2_000_000_000), support)).body.code).toBe('not_found');
      expect((await t.get(bo.tree.path, a.token)).body.code).toBe('unauthorized');
    });

    it('makes a member an agent and back, audited; refuses trial accounts, an agent with a team, and support', async () => {
      const { a, m1 } = await family();
      const trial = await placed(4, null);
      const made = await t.send('POST', at(bo.setType.path, m1.id), { type: 41 }, operations);
      expect(made.body.value).toMatchObject({ id: m1.id, type: 41 });
      expect((await t.get(api.team.path, m1.token)).status).toBe(200);
      const back = await t.send('POST', at(bo.setType.path, m1.id), { type: 0 }, operations);
      expect(back.body.value.type).toBe(0);
      expect((await t.get(api.team.path, m1.token)).body.code).toBe('not_agent');
      const audit = await t.db.query<{ action: string; before: unknown; after: unknown }>(
        "select action, before, after from audit_log where entity = 'agent_tree' and entity_id = $1 order by id",
        [String(m1.id)],
      );
      expect(audit).toEqual([
        { action: 'set_type', before: { type: 0 }, after: { type: 41 } },
        { action: 'set_type', before: { type: 41 }, after: { type: 0 } },
      ]);
      expect((await t.send('POST', at(bo.setType.path, trial.id), { type: 1 }, operations)).body.code).toBe(
        'in_need_true_account',
      );
      const demote = await t.send('POST', at(bo.setType.path, a.id), { type: 0 }, operations);
      expect(demote.status).toBe(409);
      expect(demote.body.code).toBe('agent_has_team');
      const holder = await placed(1, null);
      await t.db.query(
        `insert into agent_contracts (kind, product, agent_id, payer, status, tiers, offered_at)
         values ('dividend', 'CONS', $1, 'platform', 'active', '[]', now())`,
        [holder.id],
      );
      expect((await t.send('POST', at(bo.setType.path, holder.id), { type: 0 }, operations)).body.code).toBe(
        'agent_has_contracts',
      );
      expect(
        (await t.send('POST', at(bo.setType.path, holder.id), { type: 42 }, operations)).body.value.type,
      ).toBe(42);
      expect(
        (await t.send('POST', at(bo.setType.path, m1.id), { type: 4 }, operations)).body.fields,
      ).toHaveProperty('type');
      expect((await t.send('POST', at(bo.setType.path, m1.id), { type: 1 }, support)).body.code).toBe(
        'forbidden',
      );
    });

    it('moves a whole branch under another agent or to the top, audited, and refuses a move under its own branch', async () => {
      const { a, b, m1, m2, x } = await family();
      const moved = await t.send('POST', at(bo.move.path, b.id), { uplineId: x.id }, operations);
      expect(moved.status).toBe(200);
      expect(moved.body.value).toMatchObject({ id: b.id, uplineId: x.id, moved: 2 });
      expect(moved.body.value.path.map((step: { id: number }) => step.id)).toEqual([x.id, b.id]);
      const [path] = await t.db.query<{ agent_path: number[] }>(
        'select agent_path from members where id = $1',
        [m2.id],
      );
      expect(path?.agent_path).toEqual([x.id, b.id, m2.id]);
      expect((await t.get(at(api.teamMember.path, m2.id), a.token)).status).toBe(404);
      expect((await t.get(at(api.teamMember.path, m2.id), x.token)).body.value.level).toBe(2);

      const cycle = await t.send('POST', at(bo.move.path, x.id), { uplineId: m2.id }, operations);
      expect(cycle.status).toBe(409);
      expect(cycle.body.code).toBe('agent_move_into_own_team');
      const self = await t.send('POST', at(bo.move.path, x.id), { uplineId: x.id }, operations);
      expect(self.body.code).toBe('agent_move_into_own_team');
      const underMember = await t.send('POST', at(bo.move.path, b.id), { uplineId: m1.id }, operations);
      expect(underMember.body).toMatchObject({
        code: 'validation_failed',
        fields: { uplineId: 'Value is not valid' },
      });

      const [contract] = await t.db.query<{ id: number }>(
        `insert into agent_contracts (kind, product, agent_id, upline_id, payer, status, tiers, offered_at)
         values ('daily_salary', 'LOTT', $1, $2, 'upline', 'pending', '[]', now()) returning id`,
        [b.id, x.id],
      );
      const withContract = await t.send('POST', at(bo.move.path, b.id), { uplineId: null }, operations);
      expect(withContract.status).toBe(409);
      expect(withContract.body.code).toBe('agent_has_contracts');
      await t.db.query("update agent_contracts set status = 'rejected' where id = $1", [contract?.id]);

      const top = await t.send('POST', at(bo.move.path, b.id), { uplineId: null }, operations);
      expect(top.body.value).toMatchObject({ uplineId: null, depth: 0 });
      const audit = await t.db.query<{
        before: { uplineId: number | null };
        after: { uplineId: number | null };
      }>(
        "select before, after from audit_log where entity = 'agent_tree' and action = 'move' and entity_id = $1 order by id",
        [String(b.id)],
      );
      expect(audit.map((row) => [row.before.uplineId, row.after.uplineId])).toEqual([
        [a.id, x.id],
        [x.id, null],
      ]);
      expect((await t.send('POST', at(bo.move.path, b.id), { uplineId: a.id }, support)).body.code).toBe(
        'forbidden',
      );
      expect(
        (await t.send('POST', at(bo.move.path, 2_000_000_000), { uplineId: null }, operations)).body.code,
      ).toBe('not_found');
    });

    it.runIf(TEST_DATABASE === 'postgres')('two opposite moves at once never make a cycle', async () => {
      const { a, x } = await family();
      const [first, second] = await Promise.all([
        t.send('POST', at(bo.move.path, a.id), { uplineId: x.id }, operations),
        t.send('POST', at(bo.move.path, x.id), { uplineId: a.id }, operations),
      ]);
      const codes = [first?.body.code, second?.body.code].sort();
      expect(codes).toEqual(['agent_move_into_own_team', 'ok']);
      const rows = await t.db.query<{ id: number; agent_path: number[] }>(
        'select id, agent_path from members where id = any($1::int[])',
        [[a.id, x.id]],
      );
      for (const row of rows) expect(new Set(row.agent_path).size).toBe(row.agent_path.length);
      expect(rows.some((row) => row.agent_path.length === 1)).toBe(true);
    });
  });
});
