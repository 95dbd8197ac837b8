import { useEffect, useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import type { IntlShape } from 'react-intl';
import { Button, Group, NumberInput, Stack, Text } from '@mantine/core';
import { channels } from '../../../../shared/ipc';
import type { ProfileView } from '../../../../shared/profiles';
import { BusyButton } from '../../components/BusyButton';
import { focusIsLost } from '../../components/focus';
import { schemaErrors } from '../../components/schema-form';
import { formatLocale } from '../../../../shared/format';
import { defineMessages } from '../../../../shared/i18n/messages';

const words = defineMessages({
  none: {
    id: 'settings.changeApproval.none',
    defaultMessage: 'No threshold: a change needs a supervisor only when the table says so, never for its amount.',
  },
  above: {
    id: 'settings.changeApproval.above',
    defaultMessage:
      'A change whose refund or charge is above {minor} minor units ({amount} in a currency with cents) needs a supervisor’s approval.',
  },
  group: { id: 'settings.changeApproval.group', defaultMessage: 'Change approval of {name}' },
  open: { id: 'settings.changeApproval.open', defaultMessage: 'Change approval' },
  field: { id: 'settings.changeApproval.field', defaultMessage: 'Approval above (minor units)' },
  fieldDescription: {
    id: 'settings.changeApproval.field.description',
    defaultMessage: 'Empty: no threshold. 15000 is 150.00 in euros or dollars.',
  },
  cancel: { id: 'settings.changeApproval.cancel', defaultMessage: 'Cancel' },
  save: { id: 'settings.changeApproval.save', defaultMessage: 'Save threshold' },
});

/** The threshold in minor units as typed (15000, never grouped), and what it is in a currency with cents (150.00). */
const inWords = (intl: IntlShape, aboveMinor: number | null) =>
  aboveMinor === null
    ? intl.formatMessage(words.none)
    : intl.formatMessage(words.above, {
        minor: new Intl.NumberFormat(formatLocale(), { useGrouping: false }).format(aboveMinor),
        amount: new Intl.NumberFormat(formatLocale(), { useGrouping: false, minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(
          aboveMinor / 100,
        ),
      });

/**
 * A profile's threshold for changes: above it (a refund or a charge, in the booking's minor units), a
 * supervisor approves the change at the desk. Set by an administrator; main refuses anyone else.
 */
export function ChangeApprovalRow({ profile, save }: { profile: ProfileView; save: (aboveMinor: number | null) => Promise<boolean> }) {
  const intl = useIntl();
  const [editing, setEditing] = useState(false);
  const [busy, setBusy] = useState(false);
  const [draft, setDraft] = useState<number | string>(profile.changeApprovalAboveMinor ?? '');
  const openButton = useRef<HTMLButtonElement>(null);
  // The form closed (saved or Cancel): the focus goes back to the button that opened it.
  useEffect(() => {
    if (!editing && focusIsLost()) openButton.current?.focus();
  }, [editing]);
  const aboveMinor = draft === '' ? null : Number(draft);
  const problem = schemaErrors(channels['profiles:set-change-approval'].input, { profileId: profile.id, aboveMinor }, intl).aboveMinor;

  const submit = async () => {
    if (problem) return;
    setBusy(true);
    const saved = await save(aboveMinor);
    setBusy(false);
    if (saved) setEditing(false);
  };

  if (!editing)
    return (
      <Group gap="xs" wrap="nowrap" aria-label={intl.formatMessage(words.group, { name: profile.name })} role="group">
        <Button size="compact-sm" variant="subtle" onClick={() => setEditing(true)} ref={openButton} style={{ flexShrink: 0 }}>
          {intl.formatMessage(words.open)}
        </Button>
        <Text size="xs" c="dimmed">
          {inWords(intl, profile.changeApprovalAboveMinor)}
        </Text>
      </Group>
    );
  return (
    <Stack
      gap="xs"
      component="form"
      aria-label={intl.formatMessage(words.group, { name: profile.name })}
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <Group align="flex-end" gap="sm">
        <NumberInput
          label={intl.formatMessage(words.field)}
          description={intl.formatMessage(words.fieldDescription)}
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
          {intl.formatMessage(words.cancel)}
        </Button>
        <BusyButton type="submit" busy={busy}>
          {intl.formatMessage(words.save)}
        </BusyButton>
      </Group>
    </Stack>
  );
}
