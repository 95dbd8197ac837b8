import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { channels } from '../../shared/ipc';
import { focusedName } from './flow-helpers';
import { useHarness } from './use-harness';
import { checkWork, payByKeyboard, startExercise, stayFor, tabTo, waitForPaid } from './trainee-keys';
import { say, sayingFirst, sayMatching, shownNumber, literally } from './words';

const openHarness = useHarness();

const maria = { name: 'Maria', surname: 'Santos', email: 'maria.santos@example.com', ages: ['34', '36'] };
const nora = { name: 'Nora', surname: 'Hall', email: 'nora.hall@example.com', ages: ['30', '31'] };

/** On the trainer's screen, Shift+Tab back to one of the buttons under its title, and Enter. */
async function pressTrainerButton(page: Page, name: string): Promise<void> {
  await page.keyboard.press('Control+t');
  await expect.poll(() => page.getByRole('heading', { name: say('nav.trainer') }).isVisible()).toBe(true);
  // The focus is on the screen (where it arrived, or the control last used), never lost.
  await expect.poll(() => page.evaluate(() => document.querySelector('main')?.contains(document.activeElement) ?? false)).toBe(true);
  await tabTo(page, name, 'Shift+Tab');
  await page.keyboard.press('Enter');
}

/** Asked first, then Enter on "Start a fresh day"; returns what the trainer is told (what was removed). */
async function freshDay(page: Page): Promise<string> {
  await pressTrainerButton(page, say('trainer.screen.freshDay'));
  await expect.poll(() => focusedName(page)).toBe(say('trainer.freshDay.start'));
  await page.keyboard.press('Enter');
  const told = page.getByRole('status').filter({ hasText: say('trainer.screen.freshDay.done') });
  await expect.poll(() => told.isVisible()).toBe(true);
  return (await told.textContent()) ?? '';
}

/** The session report's summary line, then back to the trainer. */
async function reportSays(page: Page): Promise<string> {
  await pressTrainerButton(page, say('trainer.report.article'));
  const report = page.getByRole('article', { name: say('trainer.report.article') });
  await expect.poll(() => report.isVisible()).toBe(true);
  const text = (await report.textContent()) ?? '';
  await page.getByRole('button', { name: say('component.printBar.back', { back: say('trainer.report.back') }) }).press('Enter');
  return text;
}

/** The session report's summary line: how many exercises were passed and not passed (in any time). */
const summary = (passed: number, failed: number) =>
  sayMatching('trainer.report.summary', { passed: shownNumber(passed), failed: shownNumber(failed) });

/** The scenario clock's words, its time of day and the time left matching `at` and `left`. */
function clockSays(at: RegExp, left: RegExp): RegExp {
  const [AT, LEFT] = ['\u{E001}', '\u{E002}'];
  const words = literally(say('trainer.clock.endsAt', { at: AT, left: LEFT }));
  return new RegExp(`^${words.replace(AT, at.source).replace(LEFT, left.source)}$`);
}

describe('the trainer’s day', () => {
  test('a scenario on the panel shows its clock and All back to normal ends it; a fresh training day, asked first, empties this trainee’s bookings and report', async () => {
    const harness = await openHarness();
    const { page } = harness;
    await payByKeyboard(page, await stayFor(harness, maria));
    await waitForPaid(page);

    await page.keyboard.press('Control+t');
    await expect.poll(() => page.getByRole('heading', { name: say('nav.trainer') }).isVisible()).toBe(true);
    await tabTo(page, say('training.scenario.supplierSlow.title'));
    await page.keyboard.press('Space');
    await expect.poll(() => page.getByTestId('scenario-clock').textContent()).toMatch(clockSays(/\d\d:\d\d/, /(29:\d\d|30:00)/));
    expect(harness.training?.controls.current.supplierDelayMs).toBe(120_000);
    // The picture for the docs shows the scenarios, not the exercises above them.
    await page
      .getByRole('heading', { name: say('trainer.scenarios.title') })
      // Just below the app's header (the training banner and the top bar), which stay on top.
      .evaluate((heading) => window.scrollBy(0, heading.getBoundingClientRect().top - 112));
    await harness.screenshot('training-panel');

    // All back to normal: the switch off, its clock gone, the service as it started; the focus stays on the panel.
    await tabTo(page, say('trainer.scenarios.allNormal'), 'Shift+Tab');
    await page.keyboard.press('Enter');
    const slow = page.getByRole('switch', { name: say('training.scenario.supplierSlow.title') });
    await expect.poll(() => slow.isChecked()).toBe(false);
    expect(await page.getByTestId('scenario-clock').count()).toBe(0);
    expect(harness.training?.controls.current.supplierDelayMs).toBe(300);
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(await focusedName(page)).not.toBe('');
    await tabTo(page, say('training.scenario.supplierSlow.title'));
    await page.keyboard.press('Space');
    await expect.poll(() => slow.isChecked()).toBe(true);

    await page.keyboard.press('Shift+Tab');
    await tabTo(page, say('trainer.screen.freshDay'));
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: say('trainer.freshDay.title') });
    await expect.poll(() => focusedName(page)).toBe(say('trainer.freshDay.start'));
    await page.keyboard.press('Enter');
    await expect
      .poll(() =>
        page
          .getByRole('status')
          .filter({ hasText: say('trainer.screen.freshDay.removed', { count: 1 }) })
          .isVisible(),
      )
      .toBe(true);
    expect(await dialog.count()).toBe(0);
    expect(harness.training?.controls.current.supplierDelayMs).toBe(300);
    expect(harness.core.ledger.list({ profileId: 1 }).rows).toEqual([]);
    await page.keyboard.press('Control+b');
    await expect.poll(() => page.getByTestId('result-count').textContent()).toMatch(sayingFirst('bookings.list.none'));
  });

  test('Add trainee, by keyboard: a training profile of their own, whose bookings, exercises, report and fresh day leave the other trainee’s alone', async () => {
    const harness = await openHarness();
    const { page } = harness;
    // The first trainee, on Training, passes the first booking.
    await startExercise(page, say('training.exercise.firstBooking.title'));
    await payByKeyboard(page, await stayFor(harness, maria, 32));
    await waitForPaid(page);
    expect(await checkWork(page, say('training.exercise.firstBooking.title'))).toMatchObject({ passed: true });

    await pressTrainerButton(page, say('trainer.screen.addTrainee'));
    await expect.poll(() => focusedName(page)).toContain(say('trainer.addTrainee.name'));
    await page.keyboard.type('Ana (Tuesday)');
    await page.keyboard.press('Enter');
    await expect.poll(() => page.getByText(say('trainer.screen.intro', { trainee: 'Ana (Tuesday)' })).isVisible()).toBe(true);
    const ana = harness.core.profiles.active();
    expect(ana).toMatchObject({ name: 'Ana (Tuesday)', kind: 'training', builtIn: true });
    expect(await page.getByTestId('mode-badge').textContent()).toBe(say('profile.mode.training'));
    // Nothing of the first trainee's is on Ana's screen: no result on the exercise, no booking.
    expect(
      await page
        .getByRole('listitem')
        .filter({ hasText: say('training.exercise.firstBooking.title') })
        .textContent(),
    ).not.toMatch(sayMatching('trainer.exercises.passed'));
    await page.keyboard.press('Control+b');
    await expect.poll(() => page.getByTestId('result-count').textContent()).toMatch(sayingFirst('bookings.list.none'));

    // Maria Santos booked by the first trainee is not Ana's: for Ana, the first booking is still to do.
    await startExercise(page, say('training.exercise.firstBooking.title'));
    const notHers = await checkWork(page, say('training.exercise.firstBooking.title'));
    expect(notHers).toMatchObject({ passed: false });
    expect(notHers.text).toContain(say('training.check.noBooking', { name: 'Maria Santos' }));
    await payByKeyboard(page, await stayFor(harness, nora, 60));
    await waitForPaid(page);
    expect(await reportSays(page)).toMatch(
      new RegExp(literally(say('trainer.report.title', { trainee: 'Ana (Tuesday)' })) + summary(0, 1).source),
    );

    // Ana's fresh day: her booking, exercises and report gone; the first trainee's kept, here and at the service.
    expect(await freshDay(page)).toContain(say('trainer.screen.freshDay.removed', { count: 1 }));
    expect(await reportSays(page)).toContain(say('trainer.report.none'));
    expect(harness.core.ledger.list({ profileId: ana.id }).rows).toEqual([]);
    await page.evaluate(() => window.packdesk['profiles:activate']({ id: 1 }));
    await expect.poll(() => page.getByText(say('trainer.screen.intro', { trainee: 'Training' })).isVisible()).toBe(true);
    expect(await reportSays(page)).toMatch(summary(1, 0));
    const kept = harness.core.ledger.list({ profileId: 1 }).rows;
    expect(kept.map((row) => [row.holder.surname, row.status])).toEqual([['Santos', 'Paid']]);
    expect(harness.training?.service.ledger(kept[0]?.serviceBookingId ?? 0).payments).not.toEqual([]);
  });

  test.each(['live', 'test'] as const)('nothing of the trainer is on a %s profile: no screen, no shortcut, no channel', async (kind) => {
    const harness = await openHarness();
    const { page } = harness;
    const other = await harness.core.profiles.create({ name: 'Agency', kind, baseUrl: 'https://api.agency.example', keys: {} });
    await page.keyboard.press('Control+t');
    await expect.poll(() => page.getByRole('heading', { name: say('nav.trainer') }).isVisible()).toBe(true);
    // Switched to the other profile while on the trainer: the screen leaves it for a new booking.
    await page.evaluate((id) => window.packdesk['profiles:activate']({ id }), other.id);
    await expect.poll(() => page.getByTestId('mode-badge').textContent()).toBe(say(`profile.mode.${kind}`));
    await expect.poll(() => page.getByRole('heading', { name: say('nav.newBooking') }).isVisible()).toBe(true);
    expect(await page.getByRole('heading', { name: say('nav.trainer') }).count()).toBe(0);
    expect(
      await page
        .getByRole('navigation', { name: say('frame.navigation') })
        .getByText(say('nav.trainer'))
        .count(),
    ).toBe(0);
    expect(await page.getByRole('status', { name: say('component.trainingBanner.label') }).count()).toBe(0);
    await page.keyboard.press('Control+t');
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await page.getByRole('heading', { name: say('nav.trainer') }).count()).toBe(0);
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
