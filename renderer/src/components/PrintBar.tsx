import { useState } from 'react';
import { Button, Group, Text } from '@mantine/core';
import { BusyButton } from './BusyButton';
import { describeError } from '../bridge';
import { ErrorNotice } from './ErrorNotice';

/**
 * Above a printable page (a voucher, a session report), never printed itself: back, Save as PDF
 * (`savePdf` resolves to where it was saved, or null when the save dialog was cancelled), and Print.
 */
export function PrintBar({
  back,
  onBack,
  savePdf,
  printFirst = false,
}: {
  back: string;
  onBack: () => void;
  savePdf: () => Promise<string | null>;
  /** Print takes the focus as the page opens (a report opened to be printed). */
  printFirst?: boolean;
}) {
  const [saved, setSaved] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<ReturnType<typeof describeError> | null>(null);

  const save = async () => {
    setSaving(true);
    setError(null);
    try {
      setSaved(await savePdf());
    } catch (caught) {
      setError(describeError(caught));
    } finally {
      setSaving(false);
    }
  };

  return (
    <div className="no-print">
      <Group justify="space-between" mb="lg">
        <Button variant="subtle" onClick={onBack}>
          ← {back}
        </Button>
        <Group gap="xs">
          {saved && (
            <Text size="sm" role="status" c="dimmed">
              Saved to {saved}
            </Text>
          )}
          <BusyButton variant="default" busy={saving} onClick={() => void save()}>
            Save as PDF
          </BusyButton>
          <Button onClick={() => window.print()} autoFocus={printFirst}>
            Print
          </Button>
        </Group>
      </Group>
      <ErrorNotice error={error} onClose={() => setError(null)} />
    </div>
  );
}
