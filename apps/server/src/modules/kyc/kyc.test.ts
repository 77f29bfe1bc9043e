import {
  kycPlayerEndpoints as api,
  kycConsoleEndpoints as bo,
  withdrawalPlayerEndpoints as withdrawals,
} from '@tessera/contract';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { type CallerTokens, consoleSuite } from '../../../test/console-checks.ts';
import { multipartBody, PAYMENT_PASSWORD, sealedCall, walletMember } from '../../../test/factories/wallet.ts';
import type { TestApp } from '../../../test/harness.ts';

/** KYC (issue 25 §4): documents, the operator's decision, and a withdrawal gated on a verified member. */

const at = (template: string, params: Record<string, string | number>) =>
  template.replace(/:(\w+)/g, (_, name: string) => String(params[name]));
const ADULT = '1990-04-12';
/** The test clock starts on 2026-06-01: 18 years old tomorrow. */
const ALMOST_18 = '2008-06-02';

let png: Buffer;
let jpeg: Buffer;
let gif: Buffer;
const pdf = Buffer.from(
  '%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n2 0 obj << /Type /Pages /Kids [] /Count 0 >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n',
  'latin1',
);
const scriptedPdf = Buffer.from(
  '%PDF-1.4\n1 0 obj << /Type /Catalog /OpenAction << /S /JavaScript /JS (app.alert(1)) >> >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n',
  'latin1',
);

describe('kyc', () => {
  let t: TestApp;
  let tokens: CallerTokens;
  const checks = consoleSuite({ runJobs: false }, (app, callerTokens) => {
    t = app;
    tokens = callerTokens;
  });

  beforeAll(async () => {
    const image = sharp({ create: { width: 32, height: 20, channels: 3, background: '#226644' } });
    png = await image.clone().png().toBuffer();
    jpeg = await image.clone().jpeg().toBuffer();
    gif = await image.clone().gif().toBuffer();
  });

  function upload(
    token: string | undefined,
    fields: Record<string, string>,
    file?: { data: Buffer; filename: string; contentType: string },
  ) {
    const { boundary, payload } = multipartBody([
      ...Object.entries(fields).map(([name, value]) => ({ name, value })),
      ...(file ? [{ name: 'document', file }] : []),
    ]);
    return t.call({
      method: 'POST',
      url: api.upload.path,
      ...(token ? { token } : {}),
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload,
    });
  }
  const front = (data = png) => ({ data, filename: 'front.png', contentType: 'image/png' });
  const messages = (memberId: number) =>
    t.db.query<{ code: string; content: string }>(
      'select code, content from member_messages where member_id = $1 order by id',
      [memberId],
    );
  async function pendingMember() {
    const member = await walletMember(t, { funds: 100_000n, paymentPassword: true });
    const res = await upload(member.token, { kind: 'id_front', dateOfBirth: ADULT }, front());
    expect(res.status).toBe(200);
    return member;
  }

  describe('the member', () => {
    it('starts with no verification, uploads documents (png re-encoded, pdf kept) and is then pending', async () => {
      const member = await walletMember(t);
      const none = await t.get(api.status.path, member.token);
      expect(none.body.value).toMatchObject({
        status: 'none',
        documents: [],
        dateOfBirth: null,
        settings: { withdrawal: 'never', withdrawalAbove: 0 },
      });
      // A PNG with text after its end: only its pixels are kept.
      const tainted = Buffer.concat([png, Buffer.from('<script>alert(1)</script>')]);
      const first = await upload(member.token, { kind: 'id_front', dateOfBirth: ADULT }, front(tainted));
      expect(first.status).toBe(200);
      expect(first.body.value).toMatchObject({ status: 'pending', dateOfBirth: ADULT, reason: '' });
      const second = await upload(
        member.token,
        { kind: 'proof_of_address', dateOfBirth: ADULT },
        { data: pdf, filename: 'bill.pdf', contentType: 'application/pdf' },
      );
      expect(
        second.body.value.documents.map((doc: { kind: string; contentType: string }) => [
          doc.kind,
          doc.contentType,
        ]),
      ).toEqual([
        ['id_front', 'image/png'],
        ['proof_of_address', 'application/pdf'],
      ]);
      const [stored] = await t.db.query<{ bytes: Uint8Array }>(
        "select bytes from kyc_documents where member_id = $1 and kind = 'id_front'",
        [member.id],
      );
      expect(Buffer.from(stored?.bytes ?? []).includes('<script>')).toBe(false);
      // A second front replaces the first.
      await upload(
        member.token,
        { kind: 'id_front', dateOfBirth: ADULT },
        { data: jpeg, filename: 'f.jpg', contentType: 'image/jpeg' },
      );
      const after = await t.get(api.status.path, member.token);
      expect(after.body.value.documents).toHaveLength(2);
      expect(after.body.value.documents[0]).toMatchObject({ kind: 'id_front', contentType: 'image/jpeg' });
    });

    it('refuses a wrong type, a scripted pdf, a missing file, a bad kind, a date of birth under 18 or in the future', async () => {
      const member = await walletMember(t);
      const cases: [Record<string, string>, Parameters<typeof upload>[2], number, string, string][] = [
        [
          { kind: 'id_front', dateOfBirth: ADULT },
          { data: gif, filename: 'a.gif', contentType: 'image/png' },
          415,
          'document_type_not_allowed',
          'document',
        ],
        [
          { kind: 'id_front', dateOfBirth: ADULT },
          { data: Buffer.from('%PDF-1.4 no end'), filename: 'a.pdf', contentType: 'application/pdf' },
          415,
          'document_type_not_allowed',
          'document',
        ],
        [
          { kind: 'id_front', dateOfBirth: ADULT },
          { data: scriptedPdf, filename: 'a.pdf', contentType: 'application/pdf' },
          415,
          'document_type_not_allowed',
          'document',
        ],
        [{ kind: 'id_front', dateOfBirth: ADULT }, undefined, 400, 'validation_failed', 'document'],
        [{ kind: 'passport_photo', dateOfBirth: ADULT }, front(), 400, 'validation_failed', 'kind'],
        [{ kind: 'id_front', dateOfBirth: '1990-02-30' }, front(), 400, 'validation_failed', 'dateOfBirth'],
        [{ kind: 'id_front', dateOfBirth: '2030-01-01' }, front(), 400, 'validation_failed', 'dateOfBirth'],
        [{ kind: 'id_front', dateOfBirth: ALMOST_18 }, front(), 422, 'kyc_under_age', 'dateOfBirth'],
      ];
      for (const [fields, file, status, code, field] of cases) {
        const res = await upload(member.token, fields, file);
        expect([res.status, res.body.code], JSON.stringify(fields)).toEqual([status, code]);
        expect(Object.keys(res.body.fields ?? {})).toContain(field);
      }
      const big = Buffer.concat([png, Buffer.alloc(5 * 1024 * 1024)]);
      const tooBig = await upload(member.token, { kind: 'id_front', dateOfBirth: ADULT }, front(big));
      expect([tooBig.status, tooBig.body.code]).toEqual([413, 'document_too_large']);
      expect((await t.get(api.status.path, member.token)).body.value.status).toBe('none');
      expect(await t.db.query('select 1 from kyc_documents where member_id = $1', [member.id])).toEqual([]);
    });

    it('is for real members only', async () => {
      const visitor = await t.get(api.status.path);
      expect([visitor.status, visitor.body.code]).toEqual([401, 'unauthorized']);
      const trial = await walletMember(t, { type: 4 });
      expect((await t.get(api.status.path, trial.token)).body.code).toBe('in_need_true_account');
      expect(
        (await upload(tokens.operations, { kind: 'id_front', dateOfBirth: ADULT }, front())).status,
      ).toBe(401);
    });
  });

  describe('the console', () => {
    it('lists pending members oldest first with their documents, and shows a document to operations and finance only', async () => {
      const member = await pendingMember();
      const queue = await t.get(`${bo.queue.path}?status=pending&pageSize=100`, tokens.operations);
      expect(queue.status).toBe(200);
      const row = queue.body.value.list.find((item: { memberId: number }) => item.memberId === member.id);
      expect(row).toMatchObject({ status: 'pending', dateOfBirth: ADULT, reviewedBy: null });
      const [doc] = row.documents;
      const url = at(bo.document.path, { memberId: member.id, documentId: doc.id });
      const shown = await t.get(url, tokens.finance);
      expect(shown.body.value.contentType).toBe('image/png');
      const meta = await sharp(Buffer.from(shown.body.value.data, 'base64')).metadata();
      expect([meta.width, meta.height]).toEqual([32, 20]);
      expect((await t.get(url, tokens.support)).body.code).toBe('forbidden');
      expect((await t.get(url, member.token)).status).toBe(401);
      expect((await t.get(bo.queue.path, tokens.support)).body.code).toBe('forbidden');
      // Another member's document id under this member is not found.
      const other = await pendingMember();
      const otherDoc = (await t.get(api.status.path, other.token)).body.value.documents[0].id;
      expect(
        (await t.get(at(bo.document.path, { memberId: member.id, documentId: otherDoc }), tokens.operations))
          .body.code,
      ).toBe('not_found');
      // Documents are never at a public address.
      expect((await t.get(`/images/${doc.id}`)).status).toBe(404);
    });

    it('verifies a member: the status shows to both, the member is told, the decision is audited and final', async () => {
      const member = await pendingMember();
      const res = await t.send('POST', at(bo.verify.path, { memberId: member.id }), {}, tokens.operations);
      expect(res.status).toBe(200);
      expect(res.body.value).toMatchObject({ status: 'verified', reviewedBy: expect.any(String) });
      expect((await t.get(api.status.path, member.token)).body.value.status).toBe('verified');
      expect((await messages(member.id)).map((message) => message.code)).toEqual(['KYC_VERIFIED']);
      await checks.expectAudited(tokens.operations, 'kyc', {
        action: 'verify',
        entityId: member.id,
        before: { status: 'pending', dateOfBirth: ADULT },
        after: { status: 'verified', dateOfBirth: ADULT, reason: '' },
      });
      const again = await t.send('POST', at(bo.verify.path, { memberId: member.id }), {}, tokens.finance);
      expect([again.status, again.body.code]).toEqual([409, 'kyc_not_pending']);
      const more = await upload(member.token, { kind: 'selfie', dateOfBirth: ADULT }, front());
      expect([more.status, more.body.code]).toEqual([409, 'kyc_already_verified']);
    });

    it('rejects with a reason the member reads in the inbox; a new upload makes it pending again', async () => {
      const member = await pendingMember();
      const short = await t.send(
        'POST',
        at(bo.reject.path, { memberId: member.id }),
        { reason: 'no' },
        tokens.operations,
      );
      expect([short.status, short.body.code]).toEqual([400, 'validation_failed']);
      const res = await t.send(
        'POST',
        at(bo.reject.path, { memberId: member.id }),
        { reason: 'The photo of the ID card is blurred' },
        tokens.finance,
      );
      expect(res.body.value).toMatchObject({
        status: 'rejected',
        reason: 'The photo of the ID card is blurred',
      });
      expect((await t.get(api.status.path, member.token)).body.value).toMatchObject({
        status: 'rejected',
        reason: 'The photo of the ID card is blurred',
      });
      const [message] = await messages(member.id);
      expect(message?.code).toBe('KYC_REJECTED');
      expect(message?.content).toContain('The photo of the ID card is blurred');
      const again = await upload(member.token, { kind: 'id_front', dateOfBirth: ADULT }, front());
      expect(again.body.value).toMatchObject({ status: 'pending', reason: '' });
    });

    it('refuses to verify a member under 18 by the date of birth on the document, and keeps it pending', async () => {
      const member = await pendingMember();
      const res = await t.send(
        'POST',
        at(bo.verify.path, { memberId: member.id }),
        { dateOfBirth: ALMOST_18 },
        tokens.operations,
      );
      expect([res.status, res.body.code]).toEqual([422, 'kyc_under_age']);
      expect((await t.get(api.status.path, member.token)).body.value.status).toBe('pending');
      // A day later the same date of birth is 18.
      t.clock.advance(86_400_000);
      const later = await t.send(
        'POST',
        at(bo.verify.path, { memberId: member.id }),
        { dateOfBirth: ALMOST_18 },
        await t.operatorToken('operations'),
      );
      expect(later.body.value).toMatchObject({ status: 'verified', dateOfBirth: ALMOST_18 });
    });

    it('answers not_found for a member without documents, and refuses support and members', async () => {
      const member = await walletMember(t);
      expect(
        (await t.send('POST', at(bo.verify.path, { memberId: member.id }), {}, tokens.operations)).body.code,
      ).toBe('not_found');
      expect(
        (await t.send('POST', at(bo.verify.path, { memberId: member.id }), {}, tokens.support)).body.code,
      ).toBe('forbidden');
      expect(
        (
          await t.send(
            'POST',
            at(bo.reject.path, { memberId: member.id }),
            { reason: 'blurred' },
            member.token,
          )
        ).status,
      ).toBe(401);
    });
  });

  describe('gating withdrawals', () => {
    const BANK = { bankName: 'Tessera Bank', accountNumber: '001234567890', payeeName: 'Nguyen Van An' };
    const banks = new Map<string, number>();
    async function withdraw(member: { token: string }, amount: number) {
      if (!banks.has(member.token)) {
        const added = await t.send('POST', withdrawals.addBankAccount.path, BANK, member.token);
        expect(added.status, JSON.stringify(added.body)).toBe(200);
        banks.set(member.token, added.body.value.id);
      }
      const bank = { body: { value: { id: banks.get(member.token) } } };
      return sealedCall(
        t,
        withdrawals.requestWithdrawal,
        { bankAccountId: bank.body.value.id, amount, paymentPassword: PAYMENT_PASSWORD },
        member.token,
      );
    }
    async function setRule(body: Record<string, unknown>) {
      const res = await t.send('PUT', bo.saveSettings.path, body, tokens.operations);
      expect(res.status).toBe(200);
      return res.body.value;
    }

    it('refuses a withdrawal without KYC when the settings need it, and accepts it once verified', async () => {
      try {
        await setRule({ withdrawal: 'always', withdrawalAbove: 0 });
        const member = await pendingMember();
        const refused = await withdraw(member, 200);
        expect([refused.status, refused.body.code]).toEqual([403, 'kyc_required']);
        expect(refused.body.message).toContain('verify your identity');
        expect(await t.db.query('select 1 from withdrawals where member_id = $1', [member.id])).toEqual([]);
        await t.send('POST', at(bo.verify.path, { memberId: member.id }), {}, tokens.operations);
        const accepted = await withdraw(member, 200);
        expect([accepted.status, accepted.body.value?.status]).toEqual([200, 'pending']);
      } finally {
        await setRule({ withdrawal: 'never', withdrawalAbove: 0 });
      }
    });

    it('with "above an amount", lets smaller withdrawals through and refuses larger ones unverified', async () => {
      try {
        expect(await setRule({ withdrawal: 'above', withdrawalAbove: '300.50' })).toEqual({
          withdrawal: 'above',
          withdrawalAbove: 300.5,
        });
        const member = await walletMember(t, { funds: 100_000n, paymentPassword: true });
        expect((await withdraw(member, 300.5)).status).toBe(200);
        const refused = await withdraw(member, 301);
        expect([refused.status, refused.body.code]).toEqual([403, 'kyc_required']);
        const vi = await sealedCall(t, withdrawals.requestWithdrawal, {}, member.token, { Language: 'VI' });
        expect(vi.body.code).toBe('validation_failed');
        // The member's page says when verification is needed.
        expect((await t.get(api.status.path, member.token)).body.value.settings).toEqual({
          withdrawal: 'above',
          withdrawalAbove: 300.5,
        });
      } finally {
        await setRule({ withdrawal: 'never', withdrawalAbove: 0 });
      }
    });

    it('keeps the settings to operations (audited), refusing a bad rule with its field', async () => {
      const bad = await t.send(
        'PUT',
        bo.saveSettings.path,
        { withdrawal: 'sometimes', withdrawalAbove: 0 },
        tokens.operations,
      );
      expect([bad.status, bad.body.code]).toEqual([400, 'validation_failed']);
      const decimals = await t.send(
        'PUT',
        bo.saveSettings.path,
        { withdrawal: 'above', withdrawalAbove: 1.005 },
        tokens.operations,
      );
      expect([decimals.status, decimals.body.code]).toEqual([400, 'validation_failed']);
      expect(
        (
          await t.send(
            'PUT',
            bo.saveSettings.path,
            { withdrawal: 'always', withdrawalAbove: 0 },
            tokens.finance,
          )
        ).body.code,
      ).toBe('forbidden');
      expect((await t.get(bo.settings.path, tokens.finance)).body.value).toEqual({
        withdrawal: 'never',
        withdrawalAbove: 0,
      });
      expect((await t.get(bo.settings.path, tokens.support)).body.code).toBe('forbidden');
    });
  });
});
