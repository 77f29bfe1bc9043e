import { accountsEndpoints } from '@tessera/contract';
import { describe, expect, it } from 'vitest';
import { client, mailsTo, registerMember, registerMobileMember, smsCode } from './accounts-api.ts';
import {
  accountButton,
  close,
  closePostLoginModal,
  dialog,
  header,
  logIn,
  mobileName,
  newContext,
  open,
  openLogin,
  sessionValue,
  settledScreenshot,
  signOut,
  useAccountsBrowser,
} from './accounts-browser.ts';
import { api, baseUrl, visible } from './browser.ts';

/** The player's accounts: a forgotten password, the account forms, free play and the gate, the modals' screenshots. */

useAccountsBrowser();

describe('accounts: forgotten password', () => {
  it('by e-mail: the link from the loopback SMTP server sets a new password once', async () => {
    const member = await registerMember();
    const page = await open('/index');
    const login = await openLogin(page);
    await login.getByRole('button', { name: 'Forgot password?' }).click();
    const forgot = dialog(page, 'Forgot password');
    await visible(forgot.getByRole('tab', { name: 'Email', selected: true }));
    await forgot.getByRole('textbox', { name: 'Username' }).fill(member.username);
    await forgot.getByRole('textbox', { name: 'Email' }).fill('someone-else@example.com');
    await forgot.getByRole('button', { name: 'Send reset link' }).click();
    await visible(forgot.getByRole('alert').getByText('User name or email does not exist.'));
    await forgot.getByRole('textbox', { name: 'Email' }).fill(member.email);
    await forgot.getByRole('button', { name: 'Send reset link' }).click();
    await visible(forgot.getByText(/We have sent you an email/));

    await expect.poll(async () => (await mailsTo(member.email)).length, { timeout: 10_000 }).toBe(1);
    const [mail] = await mailsTo(member.email);
    const link = /https?:\/\/\S+\/login#resetToken=\S+/.exec(mail?.text ?? '')?.[0];
    expect(link).toBeDefined();
    await page.goto(link as string);
    const reset = dialog(page, 'Set a new password');
    const fresh = 'Mailed-e2e-password-2';
    await reset.getByLabel('New password', { exact: true }).fill(fresh);
    await reset.getByLabel('Confirm new password').fill(fresh);
    await reset.getByRole('button', { name: 'Save new password' }).click();

    const again = dialog(page, 'Log in');
    await visible(again.getByText('Your password has been changed. Please log in with your new password.'));
    expect(await again.getByRole('textbox', { name: 'Username' }).inputValue()).toBe(member.username);
    await again.getByLabel('Password', { exact: true }).fill(fresh);
    await again.getByRole('button', { name: 'Log in', exact: true }).click();
    await again.waitFor({ state: 'detached' });
    await closePostLoginModal(page);
    await visible(accountButton(page, member.username));
    expect(new URL(page.url()).pathname).toBe('/index');

    // The link works once.
    await signOut(page);
    await page.goto(link as string);
    const used = dialog(page, 'Set a new password');
    await used.getByLabel('New password', { exact: true }).fill('Another-e2e-password-3');
    await used.getByLabel('Confirm new password').fill('Another-e2e-password-3');
    await used.getByRole('button', { name: 'Save new password' }).click();
    await visible(used.getByRole('alert').getByText('This password reset link is invalid or has expired.'));
    await close(page);
  });

  it('by phone: the SMS code and a new password log the member in on /', async () => {
    const member = await registerMobileMember();
    const page = await open('/help');
    const login = await openLogin(page);
    await login.getByRole('button', { name: 'Forgot password?' }).click();
    const forgot = dialog(page, 'Forgot password');
    await forgot.getByRole('tab', { name: 'Mobile number' }).click();
    await forgot.getByRole('combobox', { name: 'Country code' }).click();
    await forgot.getByRole('option', { name: '+84 Vietnam' }).click();
    await forgot.getByRole('textbox', { name: 'Mobile number' }).fill(member.mobile);
    await forgot.getByRole('button', { name: 'Send code' }).click();
    await visible(forgot.getByRole('button', { name: /^Resend in \d+ s$/ }));
    await expect.poll(() => smsCode(member.mobile)).not.toBe(member.registrationCode);
    await forgot.getByRole('textbox', { name: 'Verification code' }).fill(await smsCode(member.mobile));
    const fresh = 'Phone-e2e-password-4';
    await forgot.getByLabel('New password', { exact: true }).fill(fresh);
    await forgot.getByLabel('Confirm new password').fill(fresh);
    await forgot.getByRole('button', { name: 'Set new password' }).click();
    await forgot.waitFor({ state: 'detached' });
    await page.waitForURL(/\/index$/);
    await visible(accountButton(page, mobileName(member.mobile)));

    const login2 = await client()(accountsEndpoints.login, {
      body: { type: 'username', username: member.username, password: fresh },
    });
    expect(login2.userName).toBe(member.username);
    await close(page);
  });
});

describe('accounts: forms', () => {
  it('a wrong current password is said once, beside the field; an empty confirmation says it is required', async () => {
    const member = await registerMember();
    const page = await open('/help');
    await logIn(page, member.username, member.password);
    await accountButton(page, member.username).click();
    await dialog(page, 'My account').getByRole('button', { name: 'Change password' }).click();
    const change = dialog(page, 'Change password');
    await change.getByLabel('Current password').fill('not-the-password-1');
    await change.getByLabel('New password', { exact: true }).fill('Another-Secret-2026');
    await change.getByRole('button', { name: 'Save password' }).click();
    const confirm = change.getByLabel('Confirm new password');
    expect(await confirm.getAttribute('aria-invalid')).toBe('true');
    await expect.poll(() => confirm.evaluate((field) => field === document.activeElement)).toBe(true);
    await confirm.fill('Another-Secret-2026');
    await change.getByRole('button', { name: 'Save password' }).click();
    const wrong = change.getByText('The current password is incorrect.');
    await visible(wrong);
    expect(await wrong.count()).toBe(1);
    const current = change.getByLabel('Current password');
    expect(await current.getAttribute('aria-invalid')).toBe('true');
    await expect.poll(() => current.evaluate((field) => field === document.activeElement)).toBe(true);
    await close(page);
  });
});

describe('accounts: free play and the gate', () => {
  it('free play logs in a trial account on /: a demo mark and "Sign up for real" instead of the money and account buttons', async () => {
    const page = await open('/help');
    const login = await openLogin(page);
    await login.getByRole('button', { name: 'Free play' }).click();
    await login.waitFor({ state: 'detached' });
    await page.waitForURL(/\/index$/);
    await visible(header(page).getByText('Demo', { exact: true }));
    await visible(header(page).getByText(/^Guest \d+$/));
    expect(await sessionValue(page, 'isAgent')).toBe('4');
    expect(await sessionValue(page, 'cpw')).toBeNull();
    for (const name of ['Deposit', 'Withdraw', 'Agent']) {
      expect(await header(page).getByRole('link', { name }).count()).toBe(0);
    }
    expect(
      await header(page)
        .getByRole('button', { name: /^My account/ })
        .count(),
    ).toBe(0);

    // The member centre's address itself is still gated.
    await page.goto(`${baseUrl()}/member?page=depositv2`);
    const warning = dialog(page, 'Real account needed');
    await visible(
      warning.getByText('This needs a real account. Please register a real account to continue.'),
    );
    await page.waitForURL(/\/index$/);
    await warning.getByRole('button', { name: 'OK' }).click();
    await warning.waitFor({ state: 'detached' });

    // "Sign up for real" ends the trial session and opens the registration.
    const trialToken = await sessionValue(page, 'token');
    await header(page).getByRole('button', { name: 'Sign up for real' }).click();
    await visible(dialog(page, 'Sign up'));
    expect(await sessionValue(page, 'token')).toBeNull();
    const afterwards = await api('GET', '/wps/member/info', trialToken as string);
    expect(afterwards.success).toBe(false);
    await close(page);
  });

  it('a visitor who opens the member centre gets the login pop-up; a member reaches it, and the agent centre explains the agent programme', async () => {
    const page = await open('/member');
    await visible(dialog(page, 'Log in'));
    await page.waitForURL(/\/index$/);
    await page.keyboard.press('Escape');

    const member = await registerMember();
    await logIn(page, member.username, member.password);
    await header(page).getByRole('link', { name: 'Deposit' }).click();
    await page.waitForURL(/\/member\?page=depositv2$/);
    await header(page).getByRole('link', { name: 'Agent' }).click();
    await page.waitForURL(/\/join\?from=agent$/);
    await visible(page.getByRole('status').getByText(/You are not an agent yet/));
    expect(await dialog(page, 'Real account needed').count()).toBe(0);
    // The agent centre's own address sends a member who is not an agent to the same page.
    await page.goto(`${baseUrl()}/agentHome`);
    await page.waitForURL(/\/join\?from=agent$/);
    await visible(page.getByRole('heading', { level: 1 }));
    await close(page);
  });
});

describe('accounts: screenshots', () => {
  it('the registration modal in Chinese and Vietnamese', async () => {
    for (const lang of ['CN', 'VI'] as const) {
      const context = await newContext();
      await context.addInitScript((code: string) => {
        if (location.protocol !== 'about:') localStorage.setItem('lang', code);
      }, lang);
      const page = await context.newPage();
      await page.goto(`${baseUrl()}/register`);
      const title = lang === 'CN' ? '注册' : 'Đăng ký';
      const register = dialog(page, title);
      await visible(register.getByRole('tab', { name: lang === 'CN' ? '手机号码' : 'Số điện thoại' }));
      await settledScreenshot(page, `accounts-register-${lang.toLowerCase()}`);
      await close(page);
    }
  });

  it('the login and registration modals fit a phone', async () => {
    const page = await open('/index', { width: 390, height: 844 });
    const login = await openLogin(page);
    await settledScreenshot(page, 'accounts-login-phone');
    const username = await login.getByRole('textbox', { name: 'Username' }).boundingBox();
    expect((username?.x ?? 0) + (username?.width ?? 0)).toBeLessThanOrEqual(390 - 16);
    await login.getByRole('button', { name: 'Sign up' }).click();
    const register = dialog(page, 'Sign up');
    await visible(register.getByRole('textbox', { name: 'Username' }));
    await settledScreenshot(page, 'accounts-register-phone');
    for (const name of ['Username', 'Email', 'Verification code']) {
      const field = await register.getByRole('textbox', { name }).boundingBox();
      expect((field?.x ?? 0) + (field?.width ?? 0), name).toBeLessThanOrEqual(390 - 16);
    }
    await close(page);
  });

  for (const theme of ['light', 'dark'] as const) {
    it(`the accounts modals in the ${theme} theme`, async () => {
      const member = await registerMember();
      const page = await open('/index', { theme });
      const login = await openLogin(page);
      await settledScreenshot(page, `accounts-login-${theme}`);
      await login.getByRole('tab', { name: 'SMS code' }).click();
      await login.getByRole('combobox', { name: 'Country code' }).click();
      await settledScreenshot(page, `accounts-login-sms-${theme}`);
      // The open list hides the rest of the dialog; Escape shuts only the list.
      await page.keyboard.press('Escape');
      await login.getByRole('listbox').waitFor({ state: 'detached' });
      await login.getByRole('button', { name: 'Forgot password?' }).click();
      await visible(dialog(page, 'Forgot password'));
      await settledScreenshot(page, `accounts-forgot-${theme}`);
      await page.keyboard.press('Escape');
      await header(page).getByRole('button', { name: 'Sign up' }).click();
      const register = dialog(page, 'Sign up');
      await register.getByRole('button', { name: 'Create account' }).click();
      await visible(register.getByText('Please agree to the terms and conditions'));
      await settledScreenshot(page, `accounts-register-${theme}`);
      await register.getByRole('tab', { name: 'Mobile number' }).click();
      await settledScreenshot(page, `accounts-register-mobile-${theme}`);
      await page.keyboard.press('Escape');
      await logIn(page, member.username, member.password);
      await settledScreenshot(page, `accounts-logged-in-${theme}`);
      await accountButton(page, member.username).click();
      await visible(dialog(page, 'My account').getByRole('radio').first());
      await settledScreenshot(page, `accounts-my-account-${theme}`);
      await dialog(page, 'My account').getByRole('button', { name: 'Change password' }).click();
      await visible(dialog(page, 'Change password'));
      await settledScreenshot(page, `accounts-change-password-${theme}`);
      await page.keyboard.press('Escape');
      await signOut(page);

      await (await openLogin(page)).getByRole('button', { name: 'Free play' }).click();
      await visible(header(page).getByText('Demo', { exact: true }));
      await page.goto(`${baseUrl()}/member?page=depositv2`);
      await visible(dialog(page, 'Real account needed'));
      await settledScreenshot(page, `accounts-trial-warning-${theme}`);
      await close(page);
    }, 120_000);
  }
});
