import { useState } from 'react';
import { Button, Group, PasswordInput, Text } from '@mantine/core';
import type { KeySlot, KeyStatus, ProfileView } from '../../../../shared/profiles';
import { KEY_SLOT_LABELS } from '../../../../shared/profiles';
import { ErrorNotice } from '../../components/ErrorNotice';
import { useMainCall } from '../../hooks/use-main-call';
import type { MainCall } from '../../hooks/use-main-call';
import { useAppStore } from '../../stores/app-store';
import { keyFieldError, keyPlaceholder } from './key-fields';

function statusText(status: KeyStatus): string {
  switch (status.state) {
    case 'set':
      return `•••• ${status.lastFour}`;
    case 'missing':
      return 'Not set';
    case 'provided':
      return status.note;
    case 'unreadable':
      return 'Keychain not available';
  }
}

/** One key of a profile: masked, replaceable, removable; the key itself never comes back from the main process. */
export function KeyRow({ profile, slot }: { profile: ProfileView; slot: KeySlot }) {
  const refresh = useAppStore((state) => state.refresh);
  const status = profile.keys[slot];
  const [editing, setEditing] = useState(false);
  const [value, setValue] = useState('');
  const { run: runCall, error, clearError } = useMainCall();
  const fieldError = keyFieldError(profile.kind, slot, value);

  const run = (work: (mainCall: MainCall) => Promise<unknown>) =>
    runCall(async (mainCall) => {
      await work(mainCall);
      setEditing(false);
      setValue('');
      await refresh();
    });

  return (
    <div data-testid={`key-${slot}`}>
      <Group justify="space-between" wrap="nowrap" py={4}>
        <Text size="sm" fw={500} w={200}>
          {KEY_SLOT_LABELS[slot]}
        </Text>
        <Text size="sm" className="mono" c={status.state === 'set' ? undefined : 'dimmed'} style={{ flexGrow: 1 }} data-testid="key-status">
          {statusText(status)}
        </Text>
        {!editing && (
          <Group gap="xs">
            <Button
              size="xs"
              variant="default"
              onClick={() => setEditing(true)}
              aria-label={`${status.state === 'set' ? 'Replace' : 'Add'} ${KEY_SLOT_LABELS[slot].toLowerCase()}`}
            >
              {status.state === 'set' ? 'Replace' : 'Add'}
            </Button>
            {status.state === 'set' && (
              <Button
                size="xs"
                variant="subtle"
                color="red"
                onClick={() => void run((mainCall) => mainCall('keys:delete', { profileId: profile.id, slot }))}
                aria-label={`Remove ${KEY_SLOT_LABELS[slot].toLowerCase()}`}
              >
                Remove
              </Button>
            )}
          </Group>
        )}
      </Group>
      {editing && (
        <Group
          component="form"
          align="flex-start"
          onSubmit={(event) => {
            event.preventDefault();
            if (!fieldError && value.trim()) void run((mainCall) => mainCall('keys:set', { profileId: profile.id, slot, value }));
          }}
        >
          <PasswordInput
            aria-label={`New ${KEY_SLOT_LABELS[slot].toLowerCase()}`}
            placeholder={keyPlaceholder(profile.kind, slot)}
            value={value}
            onChange={(e) => setValue(e.currentTarget.value)}
            error={fieldError}
            autoComplete="off"
            autoFocus
            style={{ flexGrow: 1 }}
            classNames={{ input: 'mono' }}
          />
          <Button type="submit" disabled={!value.trim() || Boolean(fieldError)}>
            Save key
          </Button>
          <Button
            variant="default"
            onClick={() => {
              setEditing(false);
              setValue('');
              clearError();
            }}
          >
            Cancel
          </Button>
        </Group>
      )}
      <ErrorNotice error={error} onClose={clearError} />
    </div>
  );
}
