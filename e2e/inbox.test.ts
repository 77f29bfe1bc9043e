import { describe, expect, it } from 'vitest';
import { loggedInMember } from './accounts-api.ts';
import {
  api,
  baseUrl,
  newOperator,
  consolePage as openConsole,
  operatorToken,
  screenshot,
  useBrowser,
  visible,
} from './browser.ts';
import { visitor } from './games-browser.ts';

/**
 * The inbox end to end (issue 23 parts 8 and 9): support sends a broadcast from the console and a member with the
 * site open sees the unread badge arrive (over /ws), opens and reads the message, and the badge goes; the member
 * sends feedback from the inbox, support replies in the console, and the reply arrives in the member's inbox.
 */

const browser = useBrowser();

const visit = visitor(browser);
/** The site for a member (its token), in a theme and at a width. */
const site = (path: string, token: string, { theme, width }: { theme?: string; width?: number } = {}) =>
  visit(path, { session: { token }, local: theme ? { theme } : {}, width });

const consolePage = (token: string, path: string) => openConsole(browser(), token, path);

describe('inbox', () => {
  it('a broadcast reaches the member live; opening it reads it and the badge goes; feedback gets its reply', async () => {
    const member = await loggedInMember('inbox');
    const support = await newOperator('support', 'sup', 'Support desk');
    const title = `Weekend tables ${Date.now().toString(36)}`;
    let broadcastId: number | null = null;
    try {
      // The member's site is open on the member centre's Inbox, with nothing unread.
      const page = await site('/member?page=messageV2', member.token);
      const centre = page.getByRole('region', { name: 'Member centre' });
      const header = page.getByRole('banner');
      await visible(centre.getByText('No messages yet', { exact: false }));
      await visible(header.getByRole('link', { name: 'Inbox', exact: true }));

      // Support writes a message to everyone in the console.
      const desk = await consolePage(support.token, '/inbox');
      await desk.getByRole('button', { name: 'New message' }).click();
      const dialog = desk.getByRole('dialog', { name: 'New message to members' });
      await dialog.getByLabel('Title', { exact: true }).fill(title);
      await dialog.getByRole('textbox', { name: 'Content' }).click();
      await desk.keyboard.type('Two new live tables open tonight.');
      await screenshot(desk, 'inbox-console-compose');
      await dialog.getByRole('button', { name: 'Send' }).click();
      await dialog.waitFor({ state: 'detached' });
      const sent = desk.getByRole('table', { name: 'Inbox' }).getByRole('row', { name: new RegExp(title) });
      await visible(sent);
      await visible(sent.getByText('Everyone'));
      await screenshot(desk, 'inbox-console-broadcasts');
      const listed = await api('GET', '/backoffice/api/inbox/broadcasts', support.token);
      broadcastId = (listed.value.list as { id: number; texts: { title: string }[] }[]).find(
        (row) => row.texts[0]?.title === title,
      )?.id as number;

      // The badge arrives on the open page, on the header's inbox and on the menu entry.
      await visible(header.getByRole('link', { name: 'Inbox, 1 new' }));
      const menu = page.getByRole('navigation', { name: 'Member centre menu' });
      await visible(menu.getByRole('link', { name: 'Inbox 1 unread' }));
      const messages = centre.getByRole('list', { name: 'Messages' });
      const item = messages.getByRole('button', { name: new RegExp(title) });
      await visible(item);
      expect(await item.textContent()).toContain('unread');
      await screenshot(page, 'inbox-unread');

      // Opening it shows it and reads it: the badges go.
      await item.click();
      const opened = page.getByRole('dialog', { name: title });
      await visible(opened.getByText('Two new live tables open tonight.'));
      await screenshot(page, 'inbox-message');
      await opened.getByRole('button', { name: 'Close' }).first().click();
      await opened.waitFor({ state: 'detached' });
      await visible(header.getByRole('link', { name: 'Inbox', exact: true }));
      await visible(menu.getByRole('link', { name: 'Inbox', exact: true }));
      await expect.poll(() => item.textContent()).not.toContain('unread');

      // Feedback from the inbox's Feedback tab.
      await centre.getByRole('tab', { name: 'Feedback' }).click();
      await centre.getByLabel('Topic').selectOption({ label: 'Deposit' });
      await centre.getByRole('textbox', { name: 'Your feedback' }).fill('My deposit took an hour to arrive.');
      await centre.getByRole('button', { name: 'Send feedback' }).click();
      await visible(centre.getByText('Thank you! We have your feedback and will reply in your inbox.'));

      // Support finds it and replies.
      await desk.goto(`${baseUrl()}/backoffice/feedback`);
      const feedback = desk.getByRole('table', { name: 'Feedback' });
      const row = feedback.getByRole('row', { name: new RegExp(member.username) });
      await visible(row.getByText('My deposit took an hour to arrive.'));
      await row.getByRole('button', { name: `Reply to ${member.username}` }).click();
      const reply = desk.getByRole('dialog', { name: `Reply to ${member.username}` });
      await reply.getByLabel('Your reply').fill('Sorry for the wait: it has arrived.');
      await reply.getByRole('button', { name: 'Send reply' }).click();
      await reply.waitFor({ state: 'detached' });
      await visible(row.getByText('Replied', { exact: true }));
      await screenshot(desk, 'inbox-console-feedback');

      // The reply arrives in the member's inbox, live.
      await visible(header.getByRole('link', { name: 'Inbox, 1 new' }));
      await centre.getByRole('tab', { name: 'Messages' }).click();
      await messages.getByRole('button', { name: /Reply to your feedback/ }).click();
      const answer = page.getByRole('dialog', { name: 'Reply to your feedback' });
      await visible(answer.getByText('Our reply: Sorry for the wait: it has arrived.'));
      await screenshot(page, 'inbox-feedback-reply');
      await answer.getByRole('button', { name: 'Close' }).first().click();
      await answer.waitFor({ state: 'detached' });
      await visible(header.getByRole('link', { name: 'Inbox', exact: true }));
      await desk.close();
      await page.context().close();
    } finally {
      // The broadcast went to every member: it leaves the other tests' inboxes.
      if (broadcastId !== null) {
        await api('POST', `/backoffice/api/inbox/broadcasts/${broadcastId}/withdraw`, await operatorToken());
      }
    }
  });

  it('the inbox on a phone, in the dark theme, in Vietnamese: the unread badge on the account button', async () => {
    const member = await loggedInMember('inboxvi');
    // A Vietnamese member (messages are written in the member's language), with a reply to its feedback waiting
    // unread (arranged through the API).
    expect((await api('PUT', '/wps/member/language', member.token, { language: 'VI' })).success).toBe(true);
    const sent = await api('PUT', '/wps/feedback', member.token, {
      type: 'account',
      content: 'Tôi muốn đổi số điện thoại.',
    });
    expect(sent.success).toBe(true);
    const replied = await api(
      'POST',
      `/backoffice/api/feedback/${sent.value.id}/reply`,
      await operatorToken(),
      {
        reply: 'Vui lòng liên hệ chăm sóc khách hàng.',
      },
    );
    expect(replied.success).toBe(true);

    const page = await site('/member?page=messageV2', member.token, { theme: 'dark', width: 390 });
    await page.evaluate(() => localStorage.setItem('lang', 'VI'));
    await page.reload();
    const centre = page.getByRole('region', { name: 'Trung tâm hội viên' });
    const account = page.getByRole('banner').getByRole('button', { name: /1 mới/ });
    await visible(account);
    const item = centre
      .getByRole('list', { name: 'Tin nhắn' })
      .getByRole('button', { name: /Phản hồi góp ý của bạn/ });
    await visible(item);
    await screenshot(page, 'inbox-phone-dark-vi');
    await item.click();
    const opened = page.getByRole('dialog', { name: 'Phản hồi góp ý của bạn' });
    await visible(opened.getByText('Chúng tôi trả lời: Vui lòng liên hệ chăm sóc khách hàng.'));
    await opened.getByRole('button', { name: 'Đóng' }).first().click();
    await opened.waitFor({ state: 'detached' });
    await visible(page.getByRole('banner').getByRole('button', { name: 'Menu tài khoản', exact: true }));

    await centre.getByRole('tab', { name: 'Góp ý' }).click();
    await visible(centre.getByRole('button', { name: 'Gửi góp ý' }));
    await screenshot(page, 'inbox-feedback-phone-dark-vi');
    await page.context().close();
  });
});
