import { defineMessages } from '../../../shared/i18n/messages';
import { roleAtLeast } from '../../../shared/people';
import type { AgentView } from '../../../shared/people';
import { AppError } from '../app-error';
import { saveChunks } from '../file-saver';
import type { FileSaver } from '../file-saver';
import type { Ledger } from '../ledger/ledger';
import type { PdfPrinter } from '../pdf-printer';
import { printDocument } from '../reports/print-document';
import { endOfDayDocument, periodDocument } from '../reports/report-documents';
import type { ProfileService } from '../profiles';
import type { AreaHandlers } from './handlers';
import { pdfUnavailable, saveUnavailable } from './file-refusals';
import type { Wording } from '../../../shared/i18n/messages';

const words = defineMessages({
  agencyDay: { id: 'error.reports.agencyDay.message', defaultMessage: 'Only a supervisor or an administrator sees the agency’s day.' },
  agencyDayHint: { id: 'error.reports.agencyDay.hint', defaultMessage: 'Ask one to sign in here, or look at this counter’s day.' },
});

export interface ReportsIpcDeps {
  ledger: Ledger;
  profiles: ProfileService;
  /** The agent signed in (null: nobody, or the screen is locked). */
  access: { acting: () => AgentView | null };
  /** Whether people are set up at this counter: until then nobody is asked who they are. */
  agents: { hasAdministrator: () => boolean };
  /** Where a report is saved: the agent's choice in a save dialog; absent where there is none. */
  files: { fileSaver?: FileSaver | undefined; pdfPrinter?: PdfPrinter | undefined };
  /** How a printed report is worded: in the language of the agent at the counter. */
  wording: () => Wording;
}

type ReportsChannel =
  'reports:today' | 'reports:end-of-day' | 'reports:end-of-day-csv' | 'reports:period' | 'reports:period-csv' | 'reports:save-pdf';

/** The counter's reports, read from the figures the ledger keeps with each change (offline too). */
export function reportsIpc({ ledger, profiles, access, agents, files, wording }: ReportsIpcDeps): AreaHandlers<ReportsChannel> {
  /** Each agent's takings are for a supervisor to compare; an agent sees the counter's day. Training and a counter without people show them. */
  const seesAgents = (profileId: number) => {
    if (!agents.hasAdministrator() || profiles.find(profileId).kind === 'training') return true;
    const agent = access.acting();
    return agent !== null && roleAtLeast(agent.role, 'supervisor');
  };
  const fileName = (profileId: number, day: string, extension: string, report = 'end-of-day') =>
    `packdesk-${profiles.find(profileId).kind}-${report}-${day}.${extension}`;
  /** A report's CSV written by main through the save dialog as a stream; `lines` counts those between the heading and the totals. */
  const saveCsv = async (name: string, csv: Iterable<string>) => {
    if (!files.fileSaver) throw saveUnavailable('report');
    let lines = -1;
    const counted = function* () {
      for (const line of csv) {
        if (!line.startsWith('Total,')) lines += 1;
        yield line;
      }
    };
    const path = await saveChunks(files.fileSaver, name, counted(), { name: 'CSV', extension: 'csv' });
    return { path, lines: Math.max(0, lines) };
  };
  return {
    'reports:today': async ({ profileId, day, scope = 'counter' }) => {
      // The agency's day puts every desk's takings side by side: a supervisor's to compare, like each agent's.
      if (scope === 'agency' && !seesAgents(profileId))
        throw new AppError('role_required', { message: words.agencyDay }, { message: words.agencyDayHint });
      return ledger.today(profileId, day ?? new Date().toISOString().slice(0, 10), seesAgents(profileId), scope);
    },
    'reports:end-of-day': async ({ profileId, day }) => ledger.endOfDay(profileId, day),
    'reports:period': async ({ profileId, from, to }) => ledger.period(profileId, from, to),
    'reports:end-of-day-csv': async ({ profileId, day }) => {
      const { path, lines } = await saveCsv(fileName(profileId, day, 'csv'), ledger.endOfDayCsv(profileId, day));
      return { path, movements: lines };
    },
    'reports:period-csv': async ({ profileId, from, to }) => {
      const { path, lines } = await saveCsv(
        fileName(profileId, `${from}-to-${to}`, 'csv', 'period'),
        ledger.periodCsv(profileId, from, to),
      );
      return { path, bookings: lines };
    },
    'reports:save-pdf': async (input) => {
      if (!files.pdfPrinter) throw pdfUnavailable();
      const { profileId } = input;
      const words = wording();
      // Printed from the ledger's own figures, not from the screen: a long report prints in a fraction of the time.
      const [name, body] =
        input.report === 'end-of-day'
          ? [fileName(profileId, input.day, 'pdf'), endOfDayDocument(ledger.endOfDay(profileId, input.day), words)]
          : [
              fileName(profileId, `${input.from}-to-${input.to}`, 'pdf', 'period'),
              periodDocument(ledger.period(profileId, input.from, input.to), words),
            ];
      return { path: await files.pdfPrinter.saveDocumentPdf(name, printDocument(name, body, words.locale)) };
    },
  };
}
