import type { CounterLanguage } from '../i18n/language';
import type { AreaHandlers } from './handlers';

/** The screens' language: which one is in use, and the agent's (or the counter's) choice. */
export function languageIpc({ language }: { language: CounterLanguage }): AreaHandlers<'language:get' | 'language:set'> {
  return {
    'language:get': async () => language.current(),
    'language:set': async ({ language: chosen }) => language.choose(chosen),
  };
}
