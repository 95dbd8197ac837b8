import { useRef } from 'react';
import { useIntl } from 'react-intl';
import type { IntlShape } from 'react-intl';
import { Button, Card, Fieldset, Group, PasswordInput, SegmentedControl, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import type { FormErrors } from '@mantine/form';
import { channels } from '../../../../shared/ipc';
import { BusyButton } from '../../components/BusyButton';
import type { KeySlot } from '../../../../shared/profiles';
import { baseUrlProblem, KEY_SLOT_LABELS } from '../../../../shared/profiles';
import { defineMessages } from '../../../../shared/i18n/messages';
import { ErrorNotice } from '../../components/ErrorNotice';
import { schemaErrors } from '../../components/schema-form';
import { shortcutKeyHandler } from '../../components/use-shortcuts';
import { useMainCall } from '../../hooks/use-main-call';
import { useAppStore } from '../../stores/app-store';
import { usePeople } from '../../stores/people-store';
import { KEY_SLOTS, keyFieldError, keyPlaceholder } from './key-fields';

const words = defineMessages({
  title: { id: 'settings.addProfile.title', defaultMessage: 'Add profile' },
  intro: {
    id: 'settings.addProfile.intro',
    defaultMessage: 'Your organization’s service address and keys come from the Package Booking Service’s welcome e-mail.',
  },
  name: { id: 'settings.addProfile.name', defaultMessage: 'Profile name' },
  namePlaceholder: { id: 'settings.addProfile.name.placeholder', defaultMessage: 'Agency – test mode' },
  kind: { id: 'settings.addProfile.kind', defaultMessage: 'Kind' },
  kindTest: { id: 'settings.addProfile.kind.test', defaultMessage: 'Test-mode organization' },
  kindLive: { id: 'settings.addProfile.kind.live', defaultMessage: 'Live (real money)' },
  baseUrl: { id: 'settings.addProfile.baseUrl', defaultMessage: 'Service address' },
  publishableUse: {
    id: 'settings.addProfile.publishable.description',
    defaultMessage: 'Used by the card window to create payment tokens.',
  },
  administrator: { id: 'settings.addProfile.administrator', defaultMessage: 'You become this counter’s administrator' },
  administratorIntro: {
    id: 'settings.addProfile.administrator.intro',
    defaultMessage:
      'From now on the counter asks who is working on live and test profiles; training still never asks. Your PIN signs you in and approves refunds; you add the other agents in Settings.',
  },
  yourName: { id: 'settings.addProfile.administrator.name', defaultMessage: 'Your name' },
  yourPin: { id: 'settings.addProfile.administrator.pin', defaultMessage: 'Your PIN' },
  pinAgain: { id: 'settings.addProfile.administrator.pinAgain', defaultMessage: 'PIN again' },
  pinsDiffer: { id: 'settings.addProfile.administrator.pinsDiffer', defaultMessage: 'The two PINs differ; type the same PIN twice.' },
  cancel: { id: 'settings.addProfile.cancel', defaultMessage: 'Cancel' },
  save: { id: 'settings.addProfile.save', defaultMessage: 'Save profile' },
});

type Kind = 'test' | 'live';

interface ProfileFormValues {
  name: string;
  kind: Kind;
  baseUrl: string;
  keys: Record<KeySlot, string>;
  /** The counter's first administrator, asked with its first live or test profile. */
  administrator: { name: string; pin: string; pinAgain: string };
}

/** The first administrator's name and PIN as `people:add` checks them, and the PIN typed twice the same. */
function administratorProblems({ administrator }: ProfileFormValues, intl: IntlShape): FormErrors {
  const problems: FormErrors = {};
  for (const [field, message] of Object.entries(
    schemaErrors(channels['people:add'].input, { name: administrator.name, role: 'administrator', pin: administrator.pin }, intl),
  ))
    problems[`administrator.${field}`] = message;
  if (administrator.pin !== administrator.pinAgain) problems['administrator.pinAgain'] = intl.formatMessage(words.pinsDiffer);
  return problems;
}

/** The values as `profiles:create` takes them: only the keys given (one can be added later). */
const createInput = ({ name, kind, baseUrl, keys }: ProfileFormValues) => ({
  name,
  kind,
  baseUrl,
  keys: Object.fromEntries(KEY_SLOTS.filter((slot) => keys[slot].trim()).map((slot) => [slot, keys[slot].trim()])),
});

/** What the address and each key are checked for beyond the channel's schema (https, a key's prefix), as the fields show it. */
function fieldProblems({ kind, baseUrl, keys }: ProfileFormValues, intl: IntlShape): Record<string, string | null> {
  const urlProblem = baseUrlProblem(baseUrl.trim());
  return {
    baseUrl: urlProblem ? intl.formatMessage(urlProblem) : null,
    ...Object.fromEntries(KEY_SLOTS.map((slot) => [`keys.${slot}`, keyFieldError(intl, kind, slot, keys[slot])])),
  };
}

/** A new profile for the agency's own organization: its address and keys, checked before anything is saved. */
export function AddProfileForm({ onDone }: { onDone: () => void }) {
  const intl = useIntl();
  const refresh = useAppStore((state) => state.refresh);
  // Nobody signs in at this counter yet: whoever adds its first real profile becomes its administrator.
  const askAdministrator = usePeople((state) => state.session?.administratorExists === false);
  // Checked from the first Save on; the address and the keys are also checked as they are typed.
  const checking = useRef(false);
  const form = useForm<ProfileFormValues>({
    mode: 'controlled',
    initialValues: {
      name: '',
      kind: 'test',
      baseUrl: 'https://',
      keys: { test: '', live: '', publishable: '' },
      administrator: { name: '', pin: '', pinAgain: '' },
    },
    validate: (values) => {
      if (!checking.current) return {};
      const problems = Object.entries(fieldProblems(values, intl)).filter(([, problem]) => problem !== null);
      return {
        ...schemaErrors(channels['profiles:create'].input, createInput(values), intl),
        ...Object.fromEntries(problems),
        ...(askAdministrator ? administratorProblems(values, intl) : {}),
      };
    },
    validateInputOnChange: ['name'],
  });
  const { kind, baseUrl } = form.values;
  const { run, busy: saving, error, clearError } = useMainCall();

  const shown = fieldProblems(form.values, intl);
  const urlError = checking.current || baseUrl !== 'https://' ? shown.baseUrl : null;

  const save = async (values: ProfileFormValues) => {
    await run(async (mainCall) => {
      if (askAdministrator) {
        const { name, pin } = values.administrator;
        await mainCall('people:add', { name, role: 'administrator', pin });
        await usePeople.getState().load();
      }
      await mainCall('profiles:create', createInput(values));
      await refresh();
    }, onDone);
  };

  return (
    <Card
      withBorder
      padding="lg"
      component="form"
      onSubmit={(event: React.SyntheticEvent<HTMLFormElement>) => {
        checking.current = true;
        form.onSubmit((values) => void save(values))(event);
      }}
      // Escape steps back, as Cancel does (the focus goes back to Add profile).
      onKeyDown={shortcutKeyHandler([['close-add-profile', () => !saving && onDone()]])}
      aria-label={intl.formatMessage(words.title)}
      noValidate
    >
      <Stack gap="md">
        <div>
          <Title order={3}>{intl.formatMessage(words.title)}</Title>
          <Text size="sm" c="dimmed">
            {intl.formatMessage(words.intro)}
          </Text>
        </div>
        <ErrorNotice error={error} onClose={clearError} />
        <Group grow align="flex-start">
          <TextInput
            label={intl.formatMessage(words.name)}
            placeholder={intl.formatMessage(words.namePlaceholder)}
            {...form.getInputProps('name')}
            required
            data-autofocus
            autoFocus
          />
          <Stack gap={4}>
            <Text size="sm" fw={500} id="profile-kind-label">
              {intl.formatMessage(words.kind)}
            </Text>
            <SegmentedControl
              aria-labelledby="profile-kind-label"
              value={kind}
              onChange={(value) => form.setFieldValue('kind', value as Kind)}
              data={[
                { value: 'test', label: intl.formatMessage(words.kindTest) },
                { value: 'live', label: intl.formatMessage(words.kindLive) },
              ]}
            />
          </Stack>
        </Group>
        <TextInput label={intl.formatMessage(words.baseUrl)} {...form.getInputProps('baseUrl')} error={urlError} required />
        {KEY_SLOTS.map((slot) => (
          <PasswordInput
            key={slot}
            label={intl.formatMessage(KEY_SLOT_LABELS[slot])}
            placeholder={keyPlaceholder(kind, slot)}
            description={slot === 'publishable' ? intl.formatMessage(words.publishableUse) : undefined}
            {...form.getInputProps(`keys.${slot}`)}
            error={shown[`keys.${slot}`]}
            autoComplete="off"
            classNames={{ input: 'mono' }}
          />
        ))}
        {askAdministrator && (
          <Fieldset legend={intl.formatMessage(words.administrator)} variant="filled">
            <Text size="sm" c="dimmed" mb="sm">
              {intl.formatMessage(words.administratorIntro)}
            </Text>
            <Group grow align="flex-start">
              <TextInput label={intl.formatMessage(words.yourName)} {...form.getInputProps('administrator.name')} required />
              <PasswordInput
                label={intl.formatMessage(words.yourPin)}
                {...form.getInputProps('administrator.pin')}
                autoComplete="off"
                required
              />
              <PasswordInput
                label={intl.formatMessage(words.pinAgain)}
                {...form.getInputProps('administrator.pinAgain')}
                autoComplete="off"
                required
              />
            </Group>
          </Fieldset>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone} disabled={saving}>
            {intl.formatMessage(words.cancel)}
          </Button>
          <BusyButton type="submit" busy={saving}>
            {intl.formatMessage(words.save)}
          </BusyButton>
        </Group>
      </Stack>
    </Card>
  );
}
