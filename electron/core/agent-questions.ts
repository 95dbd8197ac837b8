/**
 * The port through which main asks the agent before a step the renderer must not be able to take
 * alone: a native message box over the main window in the app (electron/main/agent-questions.ts),
 * a scripted answer in the tests. No page can answer it, so a compromised renderer cannot skip it.
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
