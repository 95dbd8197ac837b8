import { useState } from 'react';
import { useIntl } from 'react-intl';
import type { IntlShape } from 'react-intl';
import { Button, Group, PasswordInput, Text } from '@mantine/core';
import type { KeySlot, KeyStatus, ProfileView } from '../../../../shared/profiles';
import { KEY_SLOT_LABELS } from '../../../../shared/profiles';
import { defineMessages } from '../../../../shared/i18n/messages';
import { ErrorNotice } from '../../components/ErrorNotice';
import { useMainCall } from '../../hooks/use-main-call';
import type { MainCall } from '../../hooks/use-main-call';
import { useAppStore } from '../../stores/app-store';
import { keyFieldError, keyPlaceholder } from './key-fields';

const words = defineMessages({
  missing: { id: 'settings.key.missing', defaultMessage: 'Not set' },
  unreadable: { id: 'settings.key.unreadable', defaultMessage: 'Keychain not available' },
  replace: { id: 'settings.key.replace', defaultMessage: 'Replace' },
  add: { id: 'settings.key.add', defaultMessage: 'Add' },
  remove: { id: 'settings.key.remove', defaultMessage: 'Remove' },
  replaceKey: {
    id: 'settings.key.replace.label',
    defaultMessage:
      '{slot, select, test {Replace service test key} live {Replace service live key} other {Replace stripe publishable key}}',
  },
  addKey: {
    id: 'settings.key.add.label',
    defaultMessage: '{slot, select, test {Add service test key} live {Add service live key} other {Add stripe publishable key}}',
  },
  removeKey: {
    id: 'settings.key.remove.label',
    defaultMessage: '{slot, select, test {Remove service test key} live {Remove service live key} other {Remove stripe publishable key}}',
  },
  newKey: {
    id: 'settings.key.new.label',
    defaultMessage: '{slot, select, test {New service test key} live {New service live key} other {New stripe publishable key}}',
  },
  save: { id: 'settings.key.save', defaultMessage: 'Save key' },
  cancel: { id: 'settings.key.cancel', defaultMessage: 'Cancel' },
});

/** A saved key's last four characters, masked: the same in every language. */
const masked = (lastFour: string) => `•••• ${lastFour}`;

function statusText(intl: IntlShape, status: KeyStatus): string {
  switch (status.state) {
    case 'set':
      return masked(status.lastFour);
    case 'missing':
      return intl.formatMessage(words.missing);
    case 'provided':
      return status.note;
    case 'unreadable':
      return intl.formatMessage(words.unreadable);
  }
}

/** One key of a profile: masked, replaceable, removable; the key itself never comes back from the main process. */
export function KeyRow({ profile, slot }: { profile: ProfileView; slot: KeySlot }) {
  const intl = useIntl();
  const refresh = useAppStore((state) => state.refresh);
  const status = profile.keys[slot];
  const [editing, setEditing] = useState(false);
  const [value, setValue] = useState('');
  const { run: runCall, error, clearError } = useMainCall();
  const fieldError = keyFieldError(intl, profile.kind, slot, value);

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
          {intl.formatMessage(KEY_SLOT_LABELS[slot])}
        </Text>
        <Text size="sm" className="mono" c={status.state === 'set' ? undefined : 'dimmed'} style={{ flexGrow: 1 }} data-testid="key-status">
          {statusText(intl, status)}
        </Text>
        {!editing && (
          <Group gap="xs">
            <Button
              size="xs"
              variant="default"
              onClick={() => setEditing(true)}
              aria-label={intl.formatMessage(status.state === 'set' ? words.replaceKey : words.addKey, { slot })}
            >
              {intl.formatMessage(status.state === 'set' ? words.replace : words.add)}
            </Button>
            {status.state === 'set' && (
              <Button
                size="xs"
                variant="subtle"
                color="red"
                onClick={() => void run((mainCall) => mainCall('keys:delete', { profileId: profile.id, slot }))}
                aria-label={intl.formatMessage(words.removeKey, { slot })}
              >
                {intl.formatMessage(words.remove)}
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
            aria-label={intl.formatMessage(words.newKey, { slot })}
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
            {intl.formatMessage(words.save)}
          </Button>
          <Button
            variant="default"
            onClick={() => {
              setEditing(false);
              setValue('');
              clearError();
            }}
          >
            {intl.formatMessage(words.cancel)}
          </Button>
        </Group>
      )}
      <ErrorNotice error={error} onClose={clearError} />
    </div>
  );
}
