import { DEFAULT_LANGUAGE, languageSchema } from '../../../shared/i18n/languages';
import type { Language, LanguageChoice } from '../../../shared/i18n/languages';
import { AppError } from '../app-error';
import type { Handlers } from '../dispatch';
import type { Preferences } from '../preferences';
import { createMainWords } from './main-words';
import type { MainWords } from './main-words';

const COUNTER_KEY = 'language';
const agentKey = (agentId: number) => `language.agent.${agentId}`;

/** A stored value read back as a language only if it still is one (a settings file edited by hand is not trusted). */
const stored = (value: string | null): Language | null => {
  const parsed = languageSchema.safeParse(value);
  return parsed.success ? parsed.data : null;
};

export interface CounterLanguage {
  /** The language in use: the agent at the counter chose theirs (kept on this counter), else the counter's, else English. */
  current(): LanguageChoice;
  /** Sets the signed-in agent's language, or the counter's when nobody is, and loads its words. */
  choose(language: Language): Promise<LanguageChoice>;
  words: MainWords;
  /** Every call's refusal in the language in use, as the agent reads it. */
  localizeErrors(handlers: Handlers): Handlers;
}

export function createCounterLanguage({
  preferences,
  agentAtCounter,
}: {
  preferences: Preferences;
  /** The agent signed in or whose screen is locked; null when nobody is. */
  agentAtCounter: () => number | null;
}): CounterLanguage {
  const current = (): LanguageChoice => {
    const agentId = agentAtCounter();
    const agents = agentId === null ? null : stored(preferences.get(agentKey(agentId)));
    if (agents) return { language: agents, chosenBy: 'agent' };
    return { language: stored(preferences.get(COUNTER_KEY)) ?? DEFAULT_LANGUAGE, chosenBy: 'counter' };
  };
  const words = createMainWords(() => current().language);
  // The language in use at start is ready before the first refusal is worded.
  words.follow().catch((error: unknown) => console.error('[language] words not loaded', error));
  return {
    current,
    words,
    choose: async (language) => {
      const agentId = agentAtCounter();
      preferences.set(agentId === null ? COUNTER_KEY : agentKey(agentId), language);
      await words.follow();
      return current();
    },
    localizeErrors: (handlers) =>
      Object.fromEntries(
        Object.entries(handlers).map(([channel, handler]) => [
          channel,
          async (input: unknown) => {
            try {
              return await (handler as (value: unknown) => Promise<unknown>)(input);
            } catch (error) {
              if (error instanceof AppError) error.localize(words);
              throw error;
            }
          },
        ]),
      ) as Handlers,
  };
}
