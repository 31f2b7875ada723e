import { expect } from 'vitest';
import type { Locator, Page } from 'playwright-core';

/** Register, log out, log back in: the user's name shows each time. */
export const registerLogoutLogin = async (page: Page, baseUrl: string, name: string): Promise<void> => {
  const email = `journey.${Date.now()}.${Math.random().toString(36).slice(2, 6)}@example.com`;
  const password = 'a good long password';
  await page.goto(`${baseUrl}/register`);
  await page.getByLabel('Name').fill(name);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Create account' }).click();
  // A new account goes to the start (a first habit and goal), which can be skipped.
  await page.waitForURL(/\/start$/);
  await page.getByRole('link', { name: 'Skip for now' }).click();
  await page.waitForURL(/\/dashboard$/);
  expect(await page.getByTestId('user-name').textContent()).toContain(name);

  await page.getByRole('button', { name: 'Log out' }).click();
  await page.waitForURL(/\/login/);
  await page.goto(`${baseUrl}/dashboard`);
  await page.waitForURL(/\/login\?redirect=/);

  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await page.waitForURL(/\/dashboard$/);
  expect(await page.getByTestId('user-name').textContent()).toContain(name);
};

/** The Habits screen with its New habit form open; the form. */
export const openNewHabitForm = async (page: Page, appUrl: string): Promise<Locator> => {
  await page.goto(`${appUrl}/habits`);
  await page.getByRole('button', { name: 'New habit' }).click();
  return page.getByRole('form', { name: 'New habit' });
};
