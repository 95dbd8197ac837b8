import { useState } from 'react';
import { Button, Collapse, Group, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import type { ProfileView } from '../../../../shared/profiles';
import type { StatusRules } from '../../../../shared/status-rules';

const FIELDS: { key: keyof StatusRules; label: string; description: string }[] = [
  { key: 'final', label: 'Final statuses', description: 'Packdesk stops checking a booking in these.' },
  { key: 'confirmed', label: 'Confirmed statuses', description: 'The sale stands: reference and voucher can be given.' },
  { key: 'awaitingSupplier', label: 'Paid, waiting for the supplier', description: 'Charged; the supplier has not answered yet.' },
  { key: 'notCancellable', label: 'Statuses that cannot be cancelled', description: 'Learnt when the service refuses a cancel.' },
  { key: 'modifiable', label: 'Statuses that can be changed', description: 'Dates or room can be changed in these.' },
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
          Statuses of this service
        </Button>
        {!open && (
          <Text size="xs" c="dimmed">
            Final: {asText(profile.statusRules.final)} · cannot cancel: {asText(profile.statusRules.notCancellable) || 'none'}
          </Text>
        )}
      </Group>
      <Collapse in={open}>
        <Stack
          gap="xs"
          component="form"
          aria-label={`Statuses of ${profile.name}`}
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
                label={field.label}
                description={field.description}
                value={draft[field.key]}
                onChange={(event) => {
                  const value = event.currentTarget.value;
                  setDraft((current) => ({ ...current, [field.key]: value }));
                }}
              />
            ))}
          </SimpleGrid>
          <Text size="xs" c="dimmed">
            Names exactly as the service writes them, separated by commas. Any other status is shown as it comes and checked until it is
            final.
          </Text>
          <Group justify="flex-end">
            <Button size="xs" type="submit">
              Save statuses
            </Button>
          </Group>
        </Stack>
      </Collapse>
    </Stack>
  );
}
