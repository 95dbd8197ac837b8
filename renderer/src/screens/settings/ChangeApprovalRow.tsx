import { useEffect, useRef, useState } from 'react';
import { Button, Group, NumberInput, Stack, Text } from '@mantine/core';
import { channels } from '../../../../shared/ipc';
import type { ProfileView } from '../../../../shared/profiles';
import { BusyButton } from '../../components/BusyButton';
import { focusIsLost } from '../../components/focus';
import { schemaErrors } from '../../components/schema-form';

const inWords = (aboveMinor: number | null) =>
  aboveMinor === null
    ? 'No threshold: a change needs a supervisor only when the table says so, never for its amount.'
    : `A change whose refund or charge is above ${aboveMinor} minor units (${(aboveMinor / 100).toFixed(2)} in a currency with cents) needs a supervisor’s approval.`;

/**
 * A profile's threshold for changes: above it (a refund or a charge, in the booking's minor units), a
 * supervisor approves the change at the desk. Set by an administrator; main refuses anyone else.
 */
export function ChangeApprovalRow({ profile, save }: { profile: ProfileView; save: (aboveMinor: number | null) => Promise<boolean> }) {
  const [editing, setEditing] = useState(false);
  const [busy, setBusy] = useState(false);
  const [draft, setDraft] = useState<number | string>(profile.changeApprovalAboveMinor ?? '');
  const openButton = useRef<HTMLButtonElement>(null);
  // The form closed (saved or Cancel): the focus goes back to the button that opened it.
  useEffect(() => {
    if (!editing && focusIsLost()) openButton.current?.focus();
  }, [editing]);
  const aboveMinor = draft === '' ? null : Number(draft);
  const problem = schemaErrors(channels['profiles:set-change-approval'].input, { profileId: profile.id, aboveMinor }).aboveMinor;

  const submit = async () => {
    if (problem) return;
    setBusy(true);
    const saved = await save(aboveMinor);
    setBusy(false);
    if (saved) setEditing(false);
  };

  if (!editing)
    return (
      <Group gap="xs" wrap="nowrap" aria-label={`Change approval of ${profile.name}`} role="group">
        <Button size="compact-sm" variant="subtle" onClick={() => setEditing(true)} ref={openButton} style={{ flexShrink: 0 }}>
          Change approval
        </Button>
        <Text size="xs" c="dimmed">
          {inWords(profile.changeApprovalAboveMinor)}
        </Text>
      </Group>
    );
  return (
    <Stack
      gap="xs"
      component="form"
      aria-label={`Change approval of ${profile.name}`}
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <Group align="flex-end" gap="sm">
        <NumberInput
          label="Approval above (minor units)"
          description="Empty: no threshold. 15000 is 150.00 in euros or dollars."
          value={draft}
          onChange={setDraft}
          allowDecimal={false}
          allowNegative={false}
          error={typeof problem === 'string' ? problem : null}
          w={260}
          autoFocus
        />
        <Button
          variant="default"
          onClick={() => {
            setDraft(profile.changeApprovalAboveMinor ?? '');
            setEditing(false);
          }}
          disabled={busy}
        >
          Cancel
        </Button>
        <BusyButton type="submit" busy={busy}>
          Save threshold
        </BusyButton>
      </Group>
    </Stack>
  );
}
