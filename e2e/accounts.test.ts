import { describe, expect, it } from 'vitest';
import {
  PASSWORD,
  registerMember,
  registerMobileMember,
  smsCode,
  uniqueMobile,
  uniqueName,
} from './accounts-api.ts';
import {
  accountButton,
  close,
  closePostLoginModal,
  dialog,
  fillCaptcha,
  header,
  logIn,
  mobileName,
  open,
  openLogin,
  playerId,
  postLoginTitles,
  sessionValue,
  settledScreenshot,
  signOut,
  useAccountsBrowser,
} from './accounts-browser.ts';
import { api, baseUrl, operatorToken, visible } from './browser.ts';

/** The player's accounts: registration (by user name and by mobile number), registration links, logging in and out. */

useAccountsBrowser();

describe('accounts: registration', () => {
  it('registers by user name: rule messages beside the fields, then logged in on /', async () => {
    const page = await open('/index');
    await header(page).getByRole('button', { name: 'Sign up' }).click();
    const register = dialog(page, 'Sign up');
    await visible(register.getByRole('tab', { name: 'Username', selected: true }));
    await visible(register.getByRole('tab', { name: 'Mobile number' }));
    // The modal opens on its first field; the terms link to the terms.
    const username = register.getByRole('textbox', { name: 'Username' });
    await expect.poll(() => username.evaluate((field) => field === document.activeElement)).toBe(true);
    expect(await register.getByRole('link', { name: 'terms and conditions' }).getAttribute('href')).toBe(
      '/terms',
    );

    // Nothing filled in: every required field says so, and so do the 18+ and terms checkboxes; the focus goes
    // back to the first field in error.
    await register.getByRole('textbox', { name: 'Email' }).focus();
    await register.getByRole('button', { name: 'Create account' }).click();
    expect(await username.getAttribute('aria-invalid')).toBe('true');
    await expect.poll(() => username.evaluate((field) => field === document.activeElement)).toBe(true);
    await visible(register.getByText('Input cannot be empty').first());
    await visible(register.getByText('Please confirm that you are 18 or older'));
    await visible(register.getByText('Please agree to the terms and conditions'));

    // The user-name rule (patternId 1, 6-16) and "inconsistent twice".
    await username.fill('1abc');
    await register.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await register.getByLabel('Confirm password').fill(`${PASSWORD}x`);
    await register.getByRole('button', { name: 'Create account' }).click();
    await visible(
      register
        .getByText('6-16 characters, starting with a letter, letters and digits only', { exact: true })
        .first(),
    );
    await visible(register.getByText('Passwords do not match'));

    const name = uniqueName('reg');
    await username.fill(name);
    await register.getByLabel('Confirm password').fill(PASSWORD);
    await register.getByRole('textbox', { name: 'Email' }).fill(`${name}@example.com`);
    await register.getByRole('checkbox', { name: 'I am 18 years of age or older' }).check();
    await register
      .getByRole('checkbox', { name: 'I have read and agree to the terms and conditions' })
      .check();
    // A wrong captcha: said once, beside the captcha, which takes the focus.
    const captchaSrc = await fillCaptcha(register);
    await register.getByRole('textbox', { name: 'Captcha' }).fill('wrong');
    await register.getByRole('button', { name: 'Create account' }).click();
    const wrongCaptcha = register.getByText('The captcha check failed. Please try again.');
    await visible(wrongCaptcha);
    expect(await wrongCaptcha.count()).toBe(1);
    expect(await register.getByText('Value is not valid').count()).toBe(0);
    const captchaBox = register.getByRole('textbox', { name: 'Captcha' });
    await expect.poll(() => captchaBox.evaluate((field) => field === document.activeElement)).toBe(true);
    await fillCaptcha(register, captchaSrc);
    const sent = page.waitForRequest((request) => new URL(request.url()).pathname === '/wps/member/register');
    await register.getByRole('button', { name: 'Create account' }).click();
    // The browser's own device id, kept in local storage, goes with the registration as a header, not in the URL.
    const registration = await sent;
    const deviceId = await page.evaluate(() => localStorage.getItem('device-id'));
    expect(deviceId).toMatch(/^[0-9a-f]{32}$/);
    expect(await registration.headerValue('device-id')).toBe(deviceId);
    expect(registration.url()).not.toContain(deviceId);

    await register.waitFor({ state: 'detached' });
    await page.waitForURL(/\/index$/);
    await visible(accountButton(page, name));
    // Session values of §3; no current password anywhere.
    expect(await sessionValue(page, 'token')).toMatch(/.{20,}/);
    expect(await sessionValue(page, 'username')).toBe(name);
    expect(await sessionValue(page, 'account')).toBe(name);
    expect(await sessionValue(page, 'isAgent')).toBe('0');
    expect(Number(await sessionValue(page, 'customerId'))).toBeGreaterThan(0);
    expect(await sessionValue(page, 'cpw')).toBeNull();
    // No balance until the wallet exists.
    expect(await header(page).getByText('Balance').count()).toBe(0);
    await close(page);
  });

  it('on the mobile tab, an empty submit says the SMS code is required too', async () => {
    const page = await open('/index');
    await header(page).getByRole('button', { name: 'Sign up' }).click();
    const register = dialog(page, 'Sign up');
    await register.getByRole('tab', { name: 'Mobile number' }).click();
    await register.getByRole('button', { name: 'Create account' }).click();
    const code = register.getByRole('textbox', { name: 'Verification code' });
    expect(await code.getAttribute('aria-invalid')).toBe('true');
    const describedBy = (await code.getAttribute('aria-describedby')) ?? '';
    const message = await page.evaluate(
      (ids) =>
        ids
          .split(' ')
          .map((id) => document.getElementById(id)?.textContent ?? '')
          .join(' '),
      describedBy,
    );
    expect(message).toContain('Input cannot be empty');
    await close(page);
  });

  it('registers by mobile number with the SMS code sent to the number', async () => {
    const page = await open('/register');
    const register = dialog(page, 'Sign up');
    await register.getByRole('tab', { name: 'Mobile number' }).click();

    // The country-code picker: a list on focus, +84 picked.
    const picker = register.getByRole('combobox', { name: 'Country code' });
    await picker.click();
    await register.getByRole('option', { name: '+84 Vietnam' }).click();
    await expect.poll(() => picker.inputValue()).toBe('+84');
    await expect.poll(() => register.getByRole('listbox').count()).toBe(0);
    // The list shows again on the field and goes 200 ms after the field loses focus.
    await picker.click();
    await visible(register.getByRole('listbox', { name: 'Country code' }));
    await page.keyboard.press('Tab');
    await register.getByRole('listbox').waitFor({ state: 'detached' });

    const mobile = uniqueMobile();
    await register.getByRole('textbox', { name: 'Mobile number' }).fill(mobile);
    let sends = 0;
    page.on('request', (request) => {
      if (request.url().endsWith('/wps/verification/sms/register')) sends += 1;
    });
    // A double click sends one SMS (1000 ms throttle, then the countdown).
    await register.getByRole('button', { name: 'Send code' }).dblclick();
    // The send button counts down expiredMinutes × 60 s, disabled meanwhile.
    const countdown = register.getByRole('button', { name: /^Resend in \d+ s$/ });
    await visible(countdown);
    expect(await countdown.isDisabled()).toBe(true);
    expect(sends).toBe(1);
    await register.getByRole('textbox', { name: 'Verification code' }).fill(await smsCode(mobile));
    await register.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await register.getByLabel('Confirm password').fill(PASSWORD);
    await fillCaptcha(register);
    await register.getByRole('checkbox', { name: 'I am 18 years of age or older' }).check();
    await register
      .getByRole('checkbox', { name: 'I have read and agree to the terms and conditions' })
      .check();
    await register.getByRole('button', { name: 'Create account' }).click();

    await register.waitFor({ state: 'detached' });
    await page.waitForURL(/\/index$/);
    // The header shows the number as the member info masks it, not the account name made from it (m84…).
    await visible(accountButton(page, mobileName(mobile)));
    expect(await header(page).getByText(`m84${mobile}`).count()).toBe(0);
    await close(page);
  });

  it('the country-code picker filters as one types, picks by keyboard, and Escape shuts only its list', async () => {
    const page = await open('/register');
    const register = dialog(page, 'Sign up');
    await register.getByRole('tab', { name: 'Mobile number' }).click();
    const picker = register.getByRole('combobox', { name: 'Country code' });
    const list = register.getByRole('listbox', { name: 'Country code' });
    await picker.focus();
    await visible(list);
    const all = await list.getByRole('option').count();
    expect(all).toBeGreaterThan(1);
    // A name or a code filters the list.
    await picker.fill('viet');
    await expect.poll(() => list.getByRole('option').count()).toBe(1);
    await picker.fill('+84');
    await visible(list.getByRole('option', { name: '+84 Vietnam' }));
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await list.waitFor({ state: 'detached' });
    expect(await picker.inputValue()).toBe('+84');
    // The arrows open the whole list again; Escape shuts it and leaves the dialog open.
    await page.keyboard.press('ArrowDown');
    await expect.poll(() => list.getByRole('option').count()).toBe(all);
    await page.keyboard.press('Escape');
    await list.waitFor({ state: 'detached' });
    await visible(register);
    expect(await picker.inputValue()).toBe('+84');
    await close(page);
  });

  it('a wrong SMS code is refused beside the field with the server message', async () => {
    const page = await open('/register');
    const register = dialog(page, 'Sign up');
    await register.getByRole('tab', { name: 'Mobile number' }).click();
    await register.getByRole('combobox', { name: 'Country code' }).click();
    await register.getByRole('option', { name: '+84 Vietnam' }).click();
    const mobile = uniqueMobile();
    await register.getByRole('textbox', { name: 'Mobile number' }).fill(mobile);
    await register.getByRole('button', { name: 'Send code' }).click();
    await visible(register.getByRole('button', { name: /^Resend in \d+ s$/ }));
    const right = await smsCode(mobile);
    await register
      .getByRole('textbox', { name: 'Verification code' })
      .fill(right === '000000' ? '111111' : '000000');
    await register.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await register.getByLabel('Confirm password').fill(PASSWORD);
    await fillCaptcha(register);
    await register.getByRole('checkbox', { name: 'I am 18 years of age or older' }).check();
    await register
      .getByRole('checkbox', { name: 'I have read and agree to the terms and conditions' })
      .check();
    await register.getByRole('button', { name: 'Create account' }).click();
    // Said once, beside the field.
    await visible(register.getByText('Please enter a valid verification code.'));
    expect(await register.getByText('Please enter a valid verification code.').count()).toBe(1);
    expect(
      await register.getByRole('textbox', { name: 'Verification code' }).getAttribute('aria-invalid'),
    ).toBe('true');
    await close(page);
  });
});

describe('accounts: registration links', () => {
  it('an invalid affiliate code in the URL shows a dialog and the invitation code field', async () => {
    const page = await open('/register?affiliateCode=NOSUCH42&referralCode=FRIEND');
    const warning = dialog(page, 'Invitation code');
    await visible(warning.getByText('Invalid invitation code.'));
    await warning.getByRole('button', { name: 'Confirm' }).click();
    await warning.waitFor({ state: 'detached' });
    const register = dialog(page, 'Sign up');
    await visible(register.getByRole('textbox', { name: 'Invitation code' }));
    // The code the visitor came with is remembered for the visit.
    expect(await sessionValue(page, 'regAffiliateCode')).toBe('NOSUCH42');
    expect(await sessionValue(page, 'regReferralCode')).toBe('FRIEND');
    await close(page);
  });
});

describe('accounts: login and logout', () => {
  it('logs out after in_sure_logout (the token is revoked), then logs in and sees the previous login time', async () => {
    const member = await registerMember();
    const page = await open('/index');
    await logIn(page, member.username, member.password);
    await visible(accountButton(page, member.username));
    await visible(
      page.getByRole('status').getByText(`Welcome, ${member.username}! This is your first login.`),
    );
    const token = await sessionValue(page, 'token');

    await signOut(page);
    await page.waitForURL(/\/index$/);
    expect(await sessionValue(page, 'token')).toBeNull();
    const revoked = await fetch(`${baseUrl()}/wps/member/info`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(revoked.status).toBe(401);

    await logIn(page, member.username, member.password);
    await visible(accountButton(page, member.username));
    await visible(page.getByRole('status').getByText(`Welcome back, ${member.username}!`));
    expect(await postLoginTitles((await sessionValue(page, 'token')) as string)).toContain(
      'Player notice: verify your phone',
    );
    await visible(page.getByRole('status').getByText(/^Previous login: .+ from .+$/));

    // "My account": the previous login, nickname and avatar.
    const avatar = () => header(page).locator('.member-summary__avatar').getAttribute('src');
    const before = await avatar();
    await accountButton(page, member.username).click();
    const account = dialog(page, 'My account');
    await visible(account.getByText('Previous login', { exact: true }));
    await account.getByRole('textbox', { name: 'Nickname' }).fill('Lucky Star');
    await account.getByRole('button', { name: 'Save nickname' }).click();
    await visible(account.getByText('Your nickname has been saved.'));
    const avatars = account.getByRole('radio');
    expect(await avatars.count()).toBeGreaterThan(1);
    // The radio itself is visually hidden inside its picture's label.
    await avatars.nth(1).click({ force: true });
    await visible(account.getByText('Your avatar has been updated.'));
    // The page behind a modal dialog is hidden from assistive technology: the header is read once it is closed.
    await page.keyboard.press('Escape');
    await account.waitFor({ state: 'detached' });
    await visible(accountButton(page, 'Lucky Star'));
    await expect.poll(avatar).not.toBe(before);
    await close(page);
  });

  it('a wrong password shows the translated refusal; "Log in" keeps the visitor where they are', async () => {
    const member = await registerMember();
    const page = await open('/help');
    const login = await openLogin(page);
    await login.getByRole('textbox', { name: 'Username' }).fill(member.username);
    await login.getByLabel('Password', { exact: true }).fill('not-the-password');
    await login.getByRole('button', { name: 'Log in', exact: true }).click();
    await visible(login.getByRole('alert').getByText('Wrong account or password, please try again.'));
    await login.getByLabel('Password', { exact: true }).fill(member.password);
    await login.getByRole('button', { name: 'Log in', exact: true }).click();
    await login.waitFor({ state: 'detached' });
    await closePostLoginModal(page);
    await visible(accountButton(page, member.username));
    expect(new URL(page.url()).pathname).toBe('/help');
    await close(page);
  });

  it('a language change is sent to the server for a logged-in member', async () => {
    const member = await registerMember();
    const page = await open('/help');
    await logIn(page, member.username, member.password);
    const updated = page.waitForResponse((response) => response.url().endsWith('/wps/member/language'));
    await page.getByRole('banner').getByRole('button', { name: 'Language: English' }).click();
    await page.getByRole('button', { name: 'Tiếng Việt', exact: true }).click();
    expect((await updated).status()).toBe(200);
    const detail = await api('GET', `/backoffice/api/players/${member.id}`, await operatorToken());
    expect(detail.value.language).toBe('VI');
    await visible(header(page).getByRole('button', { name: `Tài khoản của tôi: ${member.username}` }));
    await close(page);
  });

  it('remember me keeps the user name (never the password) for a new page in the same browser', async () => {
    const member = await registerMember();
    const whitelabel = (await (await fetch(`${baseUrl()}/wps/system/whitelabel`)).json()).value as {
      brand: string;
    };
    const page = await open('/index');
    const login = await openLogin(page);
    await login.getByRole('textbox', { name: 'Username' }).fill(member.username);
    await login.getByLabel('Password', { exact: true }).fill(member.password);
    await login.getByRole('checkbox', { name: 'Remember me' }).check();
    await login.getByRole('button', { name: 'Log in', exact: true }).click();
    await login.waitFor({ state: 'detached' });
    await closePostLoginModal(page);
    await visible(accountButton(page, member.username));

    const cookies = await page.context().cookies();
    const byName = Object.fromEntries(cookies.map((cookie) => [cookie.name, cookie]));
    expect(byName.loginRemember?.value).toBe('1');
    expect(decodeURIComponent(byName[`${whitelabel.brand}-login`]?.value ?? '')).toBe(member.username);
    const lifetime = (byName.loginRemember?.expires ?? 0) - Date.now() / 1000;
    expect(lifetime).toBeGreaterThan(86_000);
    expect(lifetime).toBeLessThanOrEqual(86_400);
    for (const cookie of cookies) expect(decodeURIComponent(cookie.value)).not.toContain(member.password);

    // Once that tab is closed, a new page of the same browser (its own session storage, and no open tab to take a
    // session from: logged out) offers the remembered name.
    const context = page.context();
    await page.close();
    const second = await context.newPage();
    await second.goto(`${baseUrl()}/index`);
    const again = await openLogin(second);
    expect(await again.getByRole('textbox', { name: 'Username' }).inputValue()).toBe(member.username);
    expect(await again.getByLabel('Password', { exact: true }).inputValue()).toBe('');
    expect(await again.getByRole('checkbox', { name: 'Remember me' }).isChecked()).toBe(true);
    await close(second);
  });

  it('logs in by SMS code (MOBILEVERCODELOGIN3)', async () => {
    const member = await registerMobileMember();
    const page = await open('/index');
    const login = await openLogin(page);
    await login.getByRole('tab', { name: 'SMS code' }).click();
    await login.getByRole('combobox', { name: 'Country code' }).click();
    await login.getByRole('option', { name: '+84 Vietnam' }).click();
    await login.getByRole('textbox', { name: 'Mobile number' }).fill(member.mobile);
    await login.getByRole('button', { name: 'Send code' }).click();
    await visible(login.getByRole('button', { name: /^Resend in \d+ s$/ }));
    await expect.poll(() => smsCode(member.mobile)).not.toBe(member.registrationCode);
    await login.getByRole('textbox', { name: 'Verification code' }).fill(await smsCode(member.mobile));
    await login.getByRole('button', { name: 'Log in', exact: true }).click();
    await login.waitFor({ state: 'detached' });
    // A member with a mobile number is not asked to verify it: no post-login notice, and the welcome shows at once.
    await visible(page.getByRole('status').getByText(/^Welcome/));
    expect(await dialog(page, 'Player notice: verify your phone').count()).toBe(0);
    await visible(accountButton(page, mobileName(member.mobile)));
    await close(page);
  });

  it('a member without a mobile number sees the phone notice first, then the welcome (not under it)', async () => {
    const member = await registerMember();
    const page = await open('/help');
    const login = await openLogin(page);
    await login.getByRole('textbox', { name: 'Username' }).fill(member.username);
    await login.getByLabel('Password', { exact: true }).fill(member.password);
    await login.getByRole('button', { name: 'Log in', exact: true }).click();
    const notice = dialog(page, 'Player notice: verify your phone');
    // It says what a number gives and where to add it (issue 32 item 7).
    await visible(notice.getByText(/you can then sign in with an SMS code and reset your password by phone/));
    expect(await notice.getByRole('link', { name: 'My account' }).getAttribute('href')).toBe(
      '/member?page=securityCenter',
    );
    expect(
      await page
        .getByRole('status')
        .getByText(/^Welcome/)
        .count(),
    ).toBe(0);
    await notice.getByRole('button', { name: 'OK' }).click();
    await notice.waitFor({ state: 'detached' });
    await visible(page.getByRole('status').getByText(/^Welcome/));
    await close(page);
  });

  it('forces a password change after a login with a password the operator reset (not dismissible)', async () => {
    const member = await registerMember();
    const token = await operatorToken();
    const reset = await api(
      'POST',
      `/backoffice/api/players/${await playerId(member.username)}/reset-password`,
      token,
      {
        method: 'temporary',
      },
    );
    expect(reset.success).toBe(true);
    const temporary: string = reset.value.temporaryPassword;

    const page = await open('/index');
    await logIn(page, member.username, temporary, { forced: true });
    const change = dialog(page, 'Change your password');
    await visible(change.getByText('Your password is the default one or has expired.', { exact: false }));
    // Forced: no close button, Escape does nothing, and the password just typed is not asked again.
    expect(await change.getByRole('button', { name: 'Close' }).count()).toBe(0);
    await page.keyboard.press('Escape');
    await visible(change);
    expect(await change.getByLabel('Current password').count()).toBe(0);
    await settledScreenshot(page, 'accounts-forced-change-light');
    await change.getByLabel('New password', { exact: true }).fill('123456');
    await change.getByLabel('Confirm new password').fill('123456');
    await change.getByRole('button', { name: 'Save password' }).click();
    await visible(change.getByText('8 to 64 characters').first());

    const fresh = 'Fresh-e2e-password-1';
    await change.getByLabel('New password', { exact: true }).fill(fresh);
    await change.getByLabel('Confirm new password').fill(fresh);
    await change.getByRole('button', { name: 'Save password' }).click();
    await change.waitFor({ state: 'detached' });
    await page.waitForURL(/\/index$/);
    await visible(page.getByRole('status').getByText('Your password has been changed.'));
    await visible(accountButton(page, member.username));

    await signOut(page);
    await logIn(page, member.username, fresh);
    await visible(accountButton(page, member.username));
    expect(await dialog(page, 'Change your password').count()).toBe(0);
    await close(page);
  });

  it('asks for a captcha after 3 failed logins, refreshes it at most once a second, then locks the account', async () => {
    const member = await registerMember();
    const page = await open('/index');
    // The page's clock is the test's: it runs on as usual, and the test moves it past the refresh limit at once.
    await page.clock.install();
    const login = await openLogin(page);
    await login.getByRole('textbox', { name: 'Username' }).fill(member.username);
    const password = login.getByLabel('Password', { exact: true });
    const submit = login.getByRole('button', { name: 'Log in', exact: true });
    const attempt = async () => {
      const answered = page.waitForResponse((response) => response.url().endsWith('/wps/session/login'));
      await submit.click();
      return (await answered).json() as Promise<{ code: string }>;
    };

    for (let failure = 1; failure <= 3; failure += 1) {
      expect(await login.getByAltText('Captcha image').count()).toBe(0);
      await password.fill(`wrong-${failure}`);
      expect((await attempt()).code).toBe('invalid_credentials');
    }
    const image = login.getByAltText('Captcha image');
    await visible(image);
    await visible(
      login.getByText('After several failed attempts, type the characters in the picture to go on.'),
    );
    // A double click draws one new captcha; a click a second later draws another.
    let challenges = 0;
    page.on('request', (request) => {
      if (request.url().endsWith('/wps/captcha')) challenges += 1;
    });
    await expect.poll(() => image.getAttribute('src')).toMatch(/^data:image\/png;base64,/);
    const first = await image.getAttribute('src');
    await page.clock.fastForward(1100);
    const refresh = login.getByRole('button', { name: 'Refresh captcha' });
    const drawn = page.waitForResponse((response) => response.url().endsWith('/wps/captcha'));
    await refresh.dblclick();
    // Both clicks have been handled once the one new picture is shown: a second request would have left by then.
    await drawn;
    await expect.poll(() => image.getAttribute('src')).not.toBe(first);
    expect(challenges).toBe(1);
    await page.clock.fastForward(1000);
    const shown = await image.getAttribute('src');
    await refresh.click();
    await expect.poll(() => challenges).toBe(2);

    // With the captcha read right, wrong passwords go on counting: the tenth failure locks the account.
    let previous: string | null = shown;
    let failures = 3;
    let code = '';
    for (let attempt4 = 0; attempt4 < 12 && code !== 'account_locked'; attempt4 += 1) {
      previous = await fillCaptcha(login, previous);
      await password.fill(`wrong-${failures + 1}`);
      code = (await attempt()).code;
      if (code === 'invalid_credentials') failures += 1;
      else if (code === 'account_locked') expect(failures + 1).toBe(10);
      else expect(code).toBe('captcha_invalid');
    }
    expect(code).toBe('account_locked');
    await visible(
      login.getByRole('alert').getByText('Too many failed attempts. The account is locked for a while.'),
    );

    // Locked: even the right password is refused.
    await fillCaptcha(login, previous);
    await password.fill(member.password);
    expect((await attempt()).code).toBe('account_locked');
    await close(page);
  });
});
