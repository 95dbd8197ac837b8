import { englishText } from './i18n/main-words';
import type { MainWords } from './i18n/main-words';

/**
 * The port through which main asks the agent before a step the renderer must not be able to take
 * alone: a native message box over the main window in the app (electron/main/agent-questions.ts),
 * a scripted answer in the tests. No page can answer it, so a compromised renderer cannot skip it.
 * Its words are in the counter's language (`QuestionWords`).
 */
export interface AgentQuestion {
  message: string;
  detail: string;
  /** The button that goes ahead. */
  proceedLabel: string;
  /** The other button, the default one: nothing changes. */
  cancelLabel: string;
}

/** Resolves true only when the agent chose to go ahead. */
export type AskAgent = (question: AgentQuestion) => Promise<boolean>;

/** Where there is no one to ask: nothing that needs the agent's word is done. */
export const NOBODY_TO_ASK: AskAgent = async () => false;

/** What words a question: main's words in the counter's language (`core.language.words`). */
export type QuestionWords = Pick<MainWords, 'text'>;

/** A question's words in English, where no language is known (a profile service made on its own, in tests). */
export const ENGLISH_QUESTIONS: QuestionWords = { text: englishText };
