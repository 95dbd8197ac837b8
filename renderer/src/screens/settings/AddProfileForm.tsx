import { useState } from 'react';
import type { SyntheticEvent } from 'react';
import { Button, Card, Group, PasswordInput, SegmentedControl, Stack, Text, TextInput, Title } from '@mantine/core';
import { BusyButton } from '../../components/BusyButton';
import type { KeySlot } from '../../../../shared/profiles';
import { baseUrlProblem, KEY_SLOT_LABELS } from '../../../../shared/profiles';
import { ErrorNotice } from '../../components/ErrorNotice';
import { shortcutKeyHandler } from '../../components/use-shortcuts';
import { useMainCall } from '../../hooks/use-main-call';
import { useAppStore } from '../../stores/app-store';
import { KEY_SLOTS, keyFieldError, keyPlaceholder } from './key-fields';

type Kind = 'test' | 'live';

/** A new profile for the agency's own organization: its address and keys, checked before anything is saved. */
export function AddProfileForm({ onDone }: { onDone: () => void }) {
  const refresh = useAppStore((state) => state.refresh);
  const [name, setName] = useState('');
  const [kind, setKind] = useState<Kind>('test');
  const [baseUrl, setBaseUrl] = useState('https://');
  const [keys, setKeys] = useState<Record<KeySlot, string>>({ test: '', live: '', publishable: '' });
  const [touched, setTouched] = useState(false);
  const { run, busy: saving, error, clearError } = useMainCall();

  const nameError = touched && !name.trim() ? 'Give the profile a name.' : null;
  const urlError = touched || baseUrl !== 'https://' ? baseUrlProblem(baseUrl.trim()) : null;
  const keyErrors = Object.fromEntries(KEY_SLOTS.map((slot) => [slot, keyFieldError(kind, slot, keys[slot])])) as Record<
    KeySlot,
    string | null
  >;

  const submit = async (event: SyntheticEvent) => {
    event.preventDefault();
    setTouched(true);
    if (!name.trim() || baseUrlProblem(baseUrl.trim()) || KEY_SLOTS.some((slot) => keyErrors[slot])) return;
    const filled = Object.fromEntries(KEY_SLOTS.filter((slot) => keys[slot].trim()).map((slot) => [slot, keys[slot].trim()]));
    await run(async (mainCall) => {
      await mainCall('profiles:create', { name, kind, baseUrl, keys: filled });
      await refresh();
    }, onDone);
  };

  return (
    <Card
      withBorder
      padding="lg"
      component="form"
      onSubmit={(event) => void submit(event)}
      // Escape steps back, as Cancel does (the focus goes back to Add profile).
      onKeyDown={shortcutKeyHandler([['close-add-profile', () => !saving && onDone()]])}
      aria-label="Add profile"
      noValidate
    >
      <Stack gap="md">
        <div>
          <Title order={3}>Add profile</Title>
          <Text size="sm" c="dimmed">
            Your organization’s service address and keys come from the Package Booking Service’s welcome e-mail.
          </Text>
        </div>
        <ErrorNotice error={error} onClose={clearError} />
        <Group grow align="flex-start">
          <TextInput
            label="Profile name"
            placeholder="Agency – test mode"
            value={name}
            onChange={(e) => setName(e.currentTarget.value)}
            error={nameError}
            required
            data-autofocus
            autoFocus
          />
          <Stack gap={4}>
            <Text size="sm" fw={500} id="profile-kind-label">
              Kind
            </Text>
            <SegmentedControl
              aria-labelledby="profile-kind-label"
              value={kind}
              onChange={(value) => setKind(value as Kind)}
              data={[
                { value: 'test', label: 'Test-mode organization' },
                { value: 'live', label: 'Live (real money)' },
              ]}
            />
          </Stack>
        </Group>
        <TextInput label="Service address" value={baseUrl} onChange={(e) => setBaseUrl(e.currentTarget.value)} error={urlError} required />
        {KEY_SLOTS.map((slot) => (
          <PasswordInput
            key={slot}
            label={KEY_SLOT_LABELS[slot]}
            placeholder={keyPlaceholder(kind, slot)}
            description={slot === 'publishable' ? 'Used by the card window to create payment tokens.' : undefined}
            value={keys[slot]}
            onChange={(e) => {
              const value = e.currentTarget.value;
              setKeys((current) => ({ ...current, [slot]: value }));
            }}
            error={keyErrors[slot]}
            autoComplete="off"
            classNames={{ input: 'mono' }}
          />
        ))}
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone} disabled={saving}>
            Cancel
          </Button>
          <BusyButton type="submit" busy={saving}>
            Save profile
          </BusyButton>
        </Group>
      </Stack>
    </Card>
  );
}
