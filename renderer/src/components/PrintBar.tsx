import { useState } from 'react';
import type { ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';
import { Button, Group, Text } from '@mantine/core';
import { defineMessages } from '../../../shared/i18n/messages';
import { BusyButton } from './BusyButton';
import { useMainCall } from '../hooks/use-main-call';
import type { MainCall } from '../hooks/use-main-call';
import { ErrorNotice } from './ErrorNotice';

const words = defineMessages({
  back: { id: 'component.printBar.back', defaultMessage: '← {back}' },
  saved: { id: 'component.printBar.saved', defaultMessage: 'Saved to {path}' },
  savePdf: { id: 'component.printBar.savePdf', defaultMessage: 'Save as PDF' },
  print: { id: 'component.printBar.print', defaultMessage: 'Print' },
});

/**
 * Above a printable page (a voucher, a session report), never printed itself: back, Save as PDF
 * (`savePdf` resolves to where it was saved, or null when the save dialog was cancelled), and Print.
 */
export function PrintBar({
  back,
  onBack,
  savePdf,
  printFirst = false,
  ready = true,
  children,
}: {
  /** Where Back goes, in the screen's words ("Back", "Today"). */
  back: string;
  onBack: () => void;
  savePdf: (mainCall: MainCall) => Promise<string | null>;
  /** Print takes the focus as the page opens (a report opened to be printed). */
  printFirst?: boolean;
  /** Whether there is a page to save or print yet (a report still loading has none). */
  ready?: boolean;
  /** More ways to save the page, before Save as PDF (a report's CSV). */
  children?: ReactNode;
}) {
  const [saved, setSaved] = useState<string | null>(null);
  const { run, busy: saving, error, clearError } = useMainCall();

  return (
    <div className="no-print">
      <Group justify="space-between" mb="lg">
        <Button variant="subtle" onClick={onBack}>
          <FormattedMessage {...words.back} values={{ back }} />
        </Button>
        <Group gap="xs">
          {saved && (
            <Text size="sm" role="status" c="dimmed">
              <FormattedMessage {...words.saved} values={{ path: saved }} />
            </Text>
          )}
          {children}
          <BusyButton variant="default" busy={saving} disabled={!ready} onClick={() => void run(savePdf, setSaved)}>
            <FormattedMessage {...words.savePdf} />
          </BusyButton>
          <Button onClick={() => window.print()} autoFocus={printFirst} disabled={!ready}>
            <FormattedMessage {...words.print} />
          </Button>
        </Group>
      </Group>
      <ErrorNotice error={error} onClose={clearError} />
    </div>
  );
}
