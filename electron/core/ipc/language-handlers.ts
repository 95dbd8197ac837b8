import { DEFAULT_LANGUAGE, languageSchema } from '../../../shared/i18n/languages';
import type { Language, LanguageChoice } from '../../../shared/i18n/languages';
import type { Preferences } from '../preferences';
import type { AreaHandlers } from './handlers';

const COUNTER_KEY = 'language';
const agentKey = (agentId: number) => `language.agent.${agentId}`;

/** A stored value main wrote itself, read back as a language only if it still is one (a file edited by hand is not trusted). */
const stored = (value: string | null): Language | null => {
  const parsed = languageSchema.safeParse(value);
  return parsed.success ? parsed.data : null;
};

/**
 * The language the screens are in: the agent whose counter it is now chose theirs (kept on this counter),
 * else the counter's own, else English. Setting it sets the signed-in agent's, or the counter's when nobody is.
 */
export function languageIpc({
  preferences,
  agentAtCounter,
}: {
  preferences: Preferences;
  /** The agent signed in or whose screen is locked; null when nobody is. */
  agentAtCounter: () => number | null;
}): AreaHandlers<'language:get' | 'language:set'> {
  const current = (): LanguageChoice => {
    const agentId = agentAtCounter();
    const agents = agentId === null ? null : stored(preferences.get(agentKey(agentId)));
    if (agents) return { language: agents, chosenBy: 'agent' };
    return { language: stored(preferences.get(COUNTER_KEY)) ?? DEFAULT_LANGUAGE, chosenBy: 'counter' };
  };
  return {
    'language:get': async () => current(),
    'language:set': async ({ language }) => {
      const agentId = agentAtCounter();
      preferences.set(agentId === null ? COUNTER_KEY : agentKey(agentId), language);
      return current();
    },
  };
}
