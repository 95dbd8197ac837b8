import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { channels } from '../../shared/ipc';
import { focusedName } from './flow-helpers';
import { useHarness } from './use-harness';
import { checkWork, payByKeyboard, startExercise, stayFor, tabTo, waitForPaid } from './trainee-keys';

const openHarness = useHarness();

const maria = { name: 'Maria', surname: 'Santos', email: 'maria.santos@example.com', ages: ['34', '36'] };
const nora = { name: 'Nora', surname: 'Hall', email: 'nora.hall@example.com', ages: ['30', '31'] };

/** On the trainer's screen, Shift+Tab back to one of the buttons under its title, and Enter. */
async function pressTrainerButton(page: Page, name: string): Promise<void> {
  await page.keyboard.press('Control+t');
  await expect.poll(() => page.getByRole('heading', { name: 'Trainer' }).isVisible()).toBe(true);
  // The focus is on the screen (where it arrived, or the control last used), never lost.
  await expect.poll(() => page.evaluate(() => document.querySelector('main')?.contains(document.activeElement) ?? false)).toBe(true);
  await tabTo(page, name, 'Shift+Tab');
  await page.keyboard.press('Enter');
}

/** Asked first, then Enter on "Start a fresh day"; returns what the trainer is told. */
async function freshDay(page: Page): Promise<string> {
  await pressTrainerButton(page, 'Start a fresh training day');
  await expect.poll(() => focusedName(page)).toBe('Start a fresh day');
  await page.keyboard.press('Enter');
  const told = page.getByRole('status').filter({ hasText: 'removed' });
  await expect.poll(() => told.isVisible()).toBe(true);
  return (await told.textContent()) ?? '';
}

/** The session report's summary line, then back to the trainer. */
async function reportSays(page: Page): Promise<string> {
  await pressTrainerButton(page, 'Session report');
  const report = page.getByRole('article', { name: 'Session report' });
  await expect.poll(() => report.isVisible()).toBe(true);
  const text = (await report.textContent()) ?? '';
  await page.getByRole('button', { name: '← Back to the trainer' }).press('Enter');
  return text;
}

describe('the trainer’s day', () => {
  test('a scenario on the panel shows its clock and All back to normal ends it; a fresh training day, asked first, empties this trainee’s bookings and report', async () => {
    const harness = await openHarness();
    const { page } = harness;
    await payByKeyboard(page, await stayFor(harness, maria));
    await waitForPaid(page);

    await page.keyboard.press('Control+t');
    await expect.poll(() => page.getByRole('heading', { name: 'Trainer' }).isVisible()).toBe(true);
    await tabTo(page, 'Supplier slow (confirms after 2 min)');
    await page.keyboard.press('Space');
    await expect.poll(() => page.getByTestId('scenario-clock').textContent()).toMatch(/^Ends at \d\d:\d\d, in (29:\d\d|30:00)$/);
    expect(harness.training?.controls.current.supplierDelayMs).toBe(120_000);
    // The picture for the docs shows the scenarios, not the exercises above them.
    await page
      .getByRole('heading', { name: 'Scenarios' })
      // Just below the app's header (the training banner and the top bar), which stay on top.
      .evaluate((heading) => window.scrollBy(0, heading.getBoundingClientRect().top - 112));
    await harness.screenshot('training-panel');

    // All back to normal: the switch off, its clock gone, the service as it started; the focus stays on the panel.
    await tabTo(page, 'All back to normal', 'Shift+Tab');
    await page.keyboard.press('Enter');
    const slow = page.getByRole('switch', { name: 'Supplier slow (confirms after 2 min)' });
    await expect.poll(() => slow.isChecked()).toBe(false);
    expect(await page.getByTestId('scenario-clock').count()).toBe(0);
    expect(harness.training?.controls.current.supplierDelayMs).toBe(300);
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(await focusedName(page)).not.toBe('');
    await tabTo(page, 'Supplier slow (confirms after 2 min)');
    await page.keyboard.press('Space');
    await expect.poll(() => slow.isChecked()).toBe(true);

    await page.keyboard.press('Shift+Tab');
    await tabTo(page, 'Start a fresh training day');
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Start a fresh training day?' });
    await expect.poll(() => focusedName(page)).toBe('Start a fresh day');
    await page.keyboard.press('Enter');
    await expect.poll(() => page.getByRole('status').filter({ hasText: 'One booking was removed' }).isVisible()).toBe(true);
    expect(await dialog.count()).toBe(0);
    expect(harness.training?.controls.current.supplierDelayMs).toBe(300);
    expect(harness.core.ledger.list({ profileId: 1 }).rows).toEqual([]);
    await page.keyboard.press('Control+b');
    await expect.poll(() => page.getByTestId('result-count').textContent()).toMatch(/^No bookings yet/);
  });

  test('Add trainee, by keyboard: a training profile of their own, whose bookings, exercises, report and fresh day leave the other trainee’s alone', async () => {
    const harness = await openHarness();
    const { page } = harness;
    // The first trainee, on Training, passes the first booking.
    await startExercise(page, 'First booking');
    await payByKeyboard(page, await stayFor(harness, maria, 32));
    await waitForPaid(page);
    expect(await checkWork(page, 'First booking')).toMatchObject({ passed: true });

    await pressTrainerButton(page, 'Add trainee');
    await expect.poll(() => focusedName(page)).toContain('Trainee’s name');
    await page.keyboard.type('Ana (Tuesday)');
    await page.keyboard.press('Enter');
    await expect.poll(() => page.getByText('Trainee: Ana (Tuesday)').isVisible()).toBe(true);
    const ana = harness.core.profiles.active();
    expect(ana).toMatchObject({ name: 'Ana (Tuesday)', kind: 'training', builtIn: true });
    expect(await page.getByTestId('mode-badge').textContent()).toBe('TRAINING');
    // Nothing of the first trainee's is on Ana's screen: no result on the exercise, no booking.
    expect(await page.getByRole('listitem').filter({ hasText: 'First booking' }).textContent()).not.toContain('Passed');
    await page.keyboard.press('Control+b');
    await expect.poll(() => page.getByTestId('result-count').textContent()).toMatch(/^No bookings yet/);

    // Maria Santos booked by the first trainee is not Ana's: for Ana, the first booking is still to do.
    await startExercise(page, 'First booking');
    const notHers = await checkWork(page, 'First booking');
    expect(notHers).toMatchObject({ passed: false });
    expect(notHers.text).toContain('No booking for Maria Santos reached the service.');
    await payByKeyboard(page, await stayFor(harness, nora, 60));
    await waitForPaid(page);
    expect(await reportSays(page)).toContain('Training session: Ana (Tuesday)0 passed, 1 not passed');

    // Ana's fresh day: her booking, exercises and report gone; the first trainee's kept, here and at the service.
    expect(await freshDay(page)).toContain('One booking was removed');
    expect(await reportSays(page)).toContain('No exercise tried yet.');
    expect(harness.core.ledger.list({ profileId: ana.id }).rows).toEqual([]);
    await page.evaluate(() => window.packdesk['profiles:activate']({ id: 1 }));
    await expect.poll(() => page.getByText('Trainee: Training').isVisible()).toBe(true);
    expect(await reportSays(page)).toContain('1 passed, 0 not passed');
    const kept = harness.core.ledger.list({ profileId: 1 }).rows;
    expect(kept.map((row) => [row.holder.surname, row.status])).toEqual([['Santos', 'Paid']]);
    expect(harness.training?.service.ledger(kept[0]?.serviceBookingId ?? 0).payments).not.toEqual([]);
  });

  test.each(['live', 'test'] as const)('nothing of the trainer is on a %s profile: no screen, no shortcut, no channel', async (kind) => {
    const harness = await openHarness();
    const { page } = harness;
    const other = await harness.core.profiles.create({ name: 'Agency', kind, baseUrl: 'https://api.agency.example', keys: {} });
    await page.keyboard.press('Control+t');
    await expect.poll(() => page.getByRole('heading', { name: 'Trainer' }).isVisible()).toBe(true);
    // Switched to the other profile while on the trainer: the screen leaves it for a new booking.
    await page.evaluate((id) => window.packdesk['profiles:activate']({ id }), other.id);
    await expect.poll(() => page.getByTestId('mode-badge').textContent()).toBe(kind.toUpperCase());
    await expect.poll(() => page.getByRole('heading', { name: 'New booking' }).isVisible()).toBe(true);
    expect(await page.getByRole('heading', { name: 'Trainer' }).count()).toBe(0);
    expect(await page.getByRole('navigation', { name: 'Main' }).getByText('Trainer').count()).toBe(0);
    expect(await page.getByRole('status', { name: 'Training mode' }).count()).toBe(0);
    await page.keyboard.press('Control+t');
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await page.getByRole('heading', { name: 'Trainer' }).count()).toBe(0);
    // Every one of the trainer's channels, asked from the page with a valid input, refuses.
    const inputs: Record<string, object> = {
      'training:set-scenario': { id: 'service-down', on: true },
      'training:start-exercise': { id: 'first-booking' },
      'training:add-trainee': { name: 'Smuggled' },
    };
    const trainerChannels = Object.keys(channels).filter((name) => name.startsWith('training:'));
    const answers = await page.evaluate(
      (asked) =>
        Promise.all(
          asked.map(async ([name, input]) => {
            const call = window.packdesk[name as 'training:report'] as (
              input: object,
            ) => Promise<{ ok: boolean; error?: { code: string } }>;
            const answer = await call(input);
            return [name, answer.ok ? 'answered' : answer.error?.code];
          }),
        ),
      trainerChannels.map((name) => [name, inputs[name] ?? {}] as const),
    );
    expect(Object.fromEntries(answers)).toEqual(Object.fromEntries(trainerChannels.map((name) => [name, 'training_only'])));
    expect(harness.training?.controls.current.errorRate).toBe(0);
  });
});
