import { useEffect, useRef } from 'react';
import { useIntl } from 'react-intl';
import { Button, Group, PasswordInput, Radio, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { BusyButton } from '../../components/BusyButton';
import { agencySettingsInputSchema } from '../../../../shared/agency';
import type { AgencySettingsView } from '../../../../shared/agency';
import { ErrorNotice } from '../../components/ErrorNotice';
import { schemaErrors } from '../../components/schema-form';
import { useMainCall } from '../../hooks/use-main-call';
import { useAgency } from '../../stores/agency-store';
import { agencyInput, initialValues, TLS_CHOICES } from './agency-form-fields';
import type { AgencyFormValues } from './agency-form-fields';
import { focusIsLost } from '../../components/focus';
import { defineMessages } from '../../../../shared/i18n/messages';

const words = defineMessages({
  form: { id: 'settings.agency.form', defaultMessage: 'Agency ledger connection' },
  intro: {
    id: 'settings.agency.form.intro',
    defaultMessage:
      'The agency’s server, as whoever runs it gave it to you. Connecting shares this profile’s bookings with every counter of the agency; they stay in this counter’s history too.',
  },
  host: { id: 'settings.agency.form.host', defaultMessage: 'Server (host name or address)' },
  port: { id: 'settings.agency.form.port', defaultMessage: 'Port' },
  database: { id: 'settings.agency.form.database', defaultMessage: 'Database' },
  user: { id: 'settings.agency.form.user', defaultMessage: 'User' },
  password: { id: 'settings.agency.form.password', defaultMessage: 'Password' },
  passwordSaved: {
    id: 'settings.agency.form.password.saved',
    defaultMessage: 'Saved in the keychain. Leave empty to keep it, or type a new one to replace it.',
  },
  passwordNew: {
    id: 'settings.agency.form.password.new',
    defaultMessage: 'Kept in the system keychain, never in a file. Leave empty if the server asks for none.',
  },
  tls: { id: 'settings.agency.form.tls', defaultMessage: 'Encryption (TLS)' },
  ca: { id: 'settings.agency.form.ca', defaultMessage: 'The agency’s certificate authority (optional)' },
  caSaved: { id: 'settings.agency.form.ca.saved', defaultMessage: 'One is saved. Paste another (PEM) to replace it.' },
  caNew: {
    id: 'settings.agency.form.ca.new',
    defaultMessage: 'Paste it (PEM, from -----BEGIN CERTIFICATE-----) when the agency signs its server’s certificate itself.',
  },
  counterName: { id: 'settings.agency.form.counterName', defaultMessage: 'This counter’s name' },
  counterNameDescription: {
    id: 'settings.agency.form.counterName.description',
    defaultMessage: 'How the other counters name the bookings made here, such as “Desk 2” or “Porto front desk”.',
  },
  nothingSaved: {
    id: 'settings.agency.form.nothingSaved',
    defaultMessage: 'Nothing was saved: this profile’s bookings stay this counter’s own until it connects.',
  },
  cancel: { id: 'settings.agency.form.cancel', defaultMessage: 'Cancel' },
  connect: { id: 'settings.agency.form.connect', defaultMessage: 'Connect' },
});

/** What the fields look like filled in: names and codes, the same in every language. */
const EXAMPLES = { host: 'ledger.agency.example', database: 'packdesk', certificate: '-----BEGIN CERTIFICATE-----' };

interface AgencyFormProps {
  profileId: number;
  /** The connection saved for this profile, to edit; null for a new one. */
  saved: AgencySettingsView | null;
  /** Connected: the form stays busy until this settles. */
  onConnected(): Promise<void>;
  onCancel(): void;
}

/**
 * The agency's PostgreSQL server for a profile: checked as typed against the main process's own
 * schema, then reached before anything is shared. The password goes to the keychain and never comes back.
 */
export function AgencyForm({ profileId, saved, onConnected, onCancel }: AgencyFormProps) {
  const intl = useIntl();
  // Checked from the first Connect on, then again as each field is typed.
  const checking = useRef(false);
  const form = useForm<AgencyFormValues>({
    mode: 'controlled',
    initialValues: initialValues(saved),
    validate: (values) => (checking.current ? schemaErrors(agencySettingsInputSchema, agencyInput(profileId, values), intl) : {}),
    validateInputOnChange: true,
  });
  const { run, busy: connecting, error, clearError } = useMainCall();
  const formElement = useRef<HTMLFormElement>(null);
  const connect = useRef<HTMLButtonElement>(null);
  const answer = useRef<HTMLDivElement>(null);
  const field = (name: keyof AgencyFormValues) => form.getInputProps(name);

  // The answer in view, under the field the agent was on; and Connect takes the focus back if it was lost
  // meanwhile (Connect keeps it while the server is asked).
  useEffect(() => {
    if (connecting || !error) return;
    answer.current?.scrollIntoView({ block: 'nearest' });
    if (focusIsLost()) connect.current?.focus();
  }, [connecting, error]);

  const connectTo = async (values: AgencyFormValues) => {
    const input = agencySettingsInputSchema.parse(agencyInput(profileId, values));
    await run(async (mainCall) => {
      await useAgency.getState().answer(() => mainCall('agency:connect', input));
      await onConnected();
    });
  };

  return (
    <form
      ref={formElement}
      onSubmit={(event) => {
        checking.current = true;
        form.onSubmit(
          (values) => void connectTo(values),
          // The first field to correct takes the focus, once its error is drawn.
          () => requestAnimationFrame(() => formElement.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus()),
        )(event);
      }}
      aria-label={intl.formatMessage(words.form)}
      noValidate
    >
      <Stack gap="sm" p="md" bg="gray.0" style={{ borderRadius: 8 }}>
        <Text size="sm" c="dimmed">
          {intl.formatMessage(words.intro)}
        </Text>
        <Group align="flex-start" wrap="nowrap">
          <TextInput
            label={intl.formatMessage(words.host)}
            placeholder={EXAMPLES.host}
            required
            data-autofocus
            autoFocus
            {...field('host')}
            style={{ flexGrow: 1 }}
          />
          <TextInput label={intl.formatMessage(words.port)} required inputMode="numeric" w={110} {...field('port')} />
        </Group>
        <Group grow align="flex-start">
          <TextInput label={intl.formatMessage(words.database)} placeholder={EXAMPLES.database} required {...field('database')} />
          <TextInput label={intl.formatMessage(words.user)} required autoComplete="off" {...field('user')} />
        </Group>
        <PasswordInput
          label={intl.formatMessage(words.password)}
          description={intl.formatMessage(saved?.hasPassword ? words.passwordSaved : words.passwordNew)}
          autoComplete="new-password"
          {...field('password')}
        />
        <Radio.Group label={intl.formatMessage(words.tls)} {...field('tlsMode')}>
          <Stack gap="xs" mt={6}>
            {TLS_CHOICES.map((choice) => (
              <Radio
                key={choice.value}
                value={choice.value}
                label={intl.formatMessage(choice.label)}
                description={intl.formatMessage(choice.description)}
              />
            ))}
          </Stack>
        </Radio.Group>
        {form.values.tlsMode === 'verify-full' && (
          <Textarea
            label={intl.formatMessage(words.ca)}
            description={intl.formatMessage(saved?.hasCaCertificate ? words.caSaved : words.caNew)}
            placeholder={EXAMPLES.certificate}
            autosize
            minRows={2}
            maxRows={6}
            classNames={{ input: 'mono' }}
            {...field('caCertificate')}
          />
        )}
        <TextInput
          label={intl.formatMessage(words.counterName)}
          description={intl.formatMessage(words.counterNameDescription)}
          required
          {...field('counterName')}
        />
        <div ref={answer}>
          <ErrorNotice error={error} onClose={clearError} />
          {error && !saved && (
            <Text size="sm" mt={6}>
              {intl.formatMessage(words.nothingSaved)}
            </Text>
          )}
        </div>
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel} disabled={connecting}>
            {intl.formatMessage(words.cancel)}
          </Button>
          <BusyButton type="submit" busy={connecting} ref={connect}>
            {intl.formatMessage(words.connect)}
          </BusyButton>
        </Group>
      </Stack>
    </form>
  );
}
