import { useState } from 'react';
import { useIntl } from 'react-intl';
import { Button, Collapse, Group, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import type { ProfileView } from '../../../../shared/profiles';
import type { StatusRules } from '../../../../shared/status-rules';
import { defineMessages, PRODUCT_NAME } from '../../../../shared/i18n/messages';
import type { Message } from '../../../../shared/i18n/messages';

const words = defineMessages({
  final: { id: 'settings.statusRules.final', defaultMessage: 'Final statuses' },
  finalDescription: { id: 'settings.statusRules.final.description', defaultMessage: '{product} stops checking a booking in these.' },
  confirmed: { id: 'settings.statusRules.confirmed', defaultMessage: 'Confirmed statuses' },
  confirmedDescription: {
    id: 'settings.statusRules.confirmed.description',
    defaultMessage: 'The sale stands: reference and voucher can be given.',
  },
  awaitingSupplier: { id: 'settings.statusRules.awaitingSupplier', defaultMessage: 'Paid, waiting for the supplier' },
  awaitingSupplierDescription: {
    id: 'settings.statusRules.awaitingSupplier.description',
    defaultMessage: 'Charged; the supplier has not answered yet.',
  },
  notCancellable: { id: 'settings.statusRules.notCancellable', defaultMessage: 'Statuses that cannot be cancelled' },
  notCancellableDescription: {
    id: 'settings.statusRules.notCancellable.description',
    defaultMessage: 'Learnt when the service refuses a cancel.',
  },
  modifiable: { id: 'settings.statusRules.modifiable', defaultMessage: 'Statuses that can be changed' },
  modifiableDescription: { id: 'settings.statusRules.modifiable.description', defaultMessage: 'Dates or room can be changed in these.' },
  open: { id: 'settings.statusRules.open', defaultMessage: 'Statuses of this service' },
  summary: { id: 'settings.statusRules.summary', defaultMessage: 'Final: {final} · cannot cancel: {notCancellable}' },
  summaryAllCancellable: { id: 'settings.statusRules.summary.allCancellable', defaultMessage: 'Final: {final} · cannot cancel: none' },
  form: { id: 'settings.statusRules.form', defaultMessage: 'Statuses of {name}' },
  help: {
    id: 'settings.statusRules.help',
    defaultMessage:
      'Names exactly as the service writes them, separated by commas. Any other status is shown as it comes and checked until it is final.',
  },
  save: { id: 'settings.statusRules.save', defaultMessage: 'Save statuses' },
});

const FIELDS: { key: keyof StatusRules; label: Message; description: Message }[] = [
  { key: 'final', label: words.final, description: words.finalDescription },
  { key: 'confirmed', label: words.confirmed, description: words.confirmedDescription },
  { key: 'awaitingSupplier', label: words.awaitingSupplier, description: words.awaitingSupplierDescription },
  { key: 'notCancellable', label: words.notCancellable, description: words.notCancellableDescription },
  { key: 'modifiable', label: words.modifiable, description: words.modifiableDescription },
];

const asText = (list: string[]) => list.join(', ');
const asList = (text: string) => [
  ...new Set(
    text
      .split(',')
      .map((entry) => entry.trim())
      .filter(Boolean),
  ),
];

/**
 * What this profile's service means by its statuses: the spec shows only Pending, Paid and
 * Cancelled, so the rest is learnt from the service's answers and can be set here.
 */
export function StatusRulesEditor({ profile, save }: { profile: ProfileView; save: (rules: StatusRules) => Promise<boolean> }) {
  const intl = useIntl();
  const notCancellable = asText(profile.statusRules.notCancellable);
  const [open, setOpen] = useState(false);
  const [draft, setDraft] = useState<Record<keyof StatusRules, string>>(() => ({
    final: asText(profile.statusRules.final),
    confirmed: asText(profile.statusRules.confirmed),
    awaitingSupplier: asText(profile.statusRules.awaitingSupplier),
    notCancellable: asText(profile.statusRules.notCancellable),
    modifiable: asText(profile.statusRules.modifiable),
  }));

  return (
    <Stack gap={6}>
      <Group gap="xs">
        <Button size="compact-sm" variant="subtle" onClick={() => setOpen((value) => !value)} aria-expanded={open}>
          {intl.formatMessage(words.open)}
        </Button>
        {!open && (
          <Text size="xs" c="dimmed">
            {notCancellable
              ? intl.formatMessage(words.summary, { final: asText(profile.statusRules.final), notCancellable })
              : intl.formatMessage(words.summaryAllCancellable, { final: asText(profile.statusRules.final) })}
          </Text>
        )}
      </Group>
      <Collapse in={open}>
        <Stack
          gap="xs"
          component="form"
          aria-label={intl.formatMessage(words.form, { name: profile.name })}
          onSubmit={(event) => {
            event.preventDefault();
            void save({
              final: asList(draft.final),
              confirmed: asList(draft.confirmed),
              awaitingSupplier: asList(draft.awaitingSupplier),
              notCancellable: asList(draft.notCancellable),
              modifiable: asList(draft.modifiable),
            });
          }}
        >
          <SimpleGrid cols={2}>
            {FIELDS.map((field) => (
              <TextInput
                key={field.key}
                label={intl.formatMessage(field.label)}
                description={intl.formatMessage(field.description, { product: PRODUCT_NAME })}
                value={draft[field.key]}
                onChange={(event) => {
                  const value = event.currentTarget.value;
                  setDraft((current) => ({ ...current, [field.key]: value }));
                }}
              />
            ))}
          </SimpleGrid>
          <Text size="xs" c="dimmed">
            {intl.formatMessage(words.help)}
          </Text>
          <Group justify="flex-end">
            <Button size="xs" type="submit">
              {intl.formatMessage(words.save)}
            </Button>
          </Group>
        </Stack>
      </Collapse>
    </Stack>
  );
}
