import { useEffect, useRef } from 'react';
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
  // Checked from the first Connect on, then again as each field is typed.
  const checking = useRef(false);
  const form = useForm<AgencyFormValues>({
    mode: 'controlled',
    initialValues: initialValues(saved),
    validate: (values) => (checking.current ? schemaErrors(agencySettingsInputSchema, agencyInput(profileId, values)) : {}),
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
      aria-label="Agency ledger connection"
      noValidate
    >
      <Stack gap="sm" p="md" bg="gray.0" style={{ borderRadius: 8 }}>
        <Text size="sm" c="dimmed">
          The agency’s server, as whoever runs it gave it to you. Connecting shares this profile’s bookings with every counter of the
          agency; they stay in this counter’s history too.
        </Text>
        <Group align="flex-start" wrap="nowrap">
          <TextInput
            label="Server (host name or address)"
            placeholder="ledger.agency.example"
            required
            data-autofocus
            autoFocus
            {...field('host')}
            style={{ flexGrow: 1 }}
          />
          <TextInput label="Port" required inputMode="numeric" w={110} {...field('port')} />
        </Group>
        <Group grow align="flex-start">
          <TextInput label="Database" placeholder="packdesk" required {...field('database')} />
          <TextInput label="User" required autoComplete="off" {...field('user')} />
        </Group>
        <PasswordInput
          label="Password"
          description={
            saved?.hasPassword
              ? 'Saved in the keychain. Leave empty to keep it, or type a new one to replace it.'
              : 'Kept in the system keychain, never in a file. Leave empty if the server asks for none.'
          }
          autoComplete="new-password"
          {...field('password')}
        />
        <Radio.Group label="Encryption (TLS)" {...field('tlsMode')}>
          <Stack gap="xs" mt={6}>
            {TLS_CHOICES.map((choice) => (
              <Radio key={choice.value} value={choice.value} label={choice.label} description={choice.description} />
            ))}
          </Stack>
        </Radio.Group>
        {form.values.tlsMode === 'verify-full' && (
          <Textarea
            label="The agency’s certificate authority (optional)"
            description={
              saved?.hasCaCertificate
                ? 'One is saved. Paste another (PEM) to replace it.'
                : 'Paste it (PEM, from -----BEGIN CERTIFICATE-----) when the agency signs its server’s certificate itself.'
            }
            placeholder="-----BEGIN CERTIFICATE-----"
            autosize
            minRows={2}
            maxRows={6}
            classNames={{ input: 'mono' }}
            {...field('caCertificate')}
          />
        )}
        <TextInput
          label="This counter’s name"
          description="How the other counters name the bookings made here, such as “Desk 2” or “Porto front desk”."
          required
          {...field('counterName')}
        />
        <div ref={answer}>
          <ErrorNotice error={error} onClose={clearError} />
          {error && !saved && (
            <Text size="sm" mt={6}>
              Nothing was saved: this profile’s bookings stay this counter’s own until it connects.
            </Text>
          )}
        </div>
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel} disabled={connecting}>
            Cancel
          </Button>
          <BusyButton type="submit" busy={connecting} ref={connect}>
            Connect
          </BusyButton>
        </Group>
      </Stack>
    </form>
  );
}
