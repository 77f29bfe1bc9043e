import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { inject } from 'vitest';

export { launchBrowser } from './chromium.ts';

export const ARTIFACTS = join(import.meta.dirname, 'artifacts');
export const DEMO_OWNER = { username: 'owner', password: 'tessera-demo-owner' };

export function baseUrl(): string {
  return inject('baseUrl');
}

export async function screenshot(page: Page, name: string): Promise<void> {
  mkdirSync(ARTIFACTS, { recursive: true });
  await page.screenshot({ path: join(ARTIFACTS, `${name}.png`), fullPage: false });
}

/** A console session token through the API, for arranging state the test is not about. */
export async function operatorToken(): Promise<string> {
  const response = await fetch(`${baseUrl()}/backoffice/api/session`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(DEMO_OWNER),
  });
  const body = (await response.json()) as { value: { token: string } };
  return body.value.token;
}

export async function api(method: string, path: string, token: string, body?: unknown) {
  const response = await fetch(`${baseUrl()}${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  // biome-ignore lint/suspicious/noExplicitAny: tests read answers of every endpoint through one shape.
  return (await response.json()) as { success: boolean; code: string; value: any };
}
