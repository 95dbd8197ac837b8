import { useEffect, useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import { Button, Group, PasswordInput, Select, Stack } from '@mantine/core';
import { defineMessages } from '../../../../shared/i18n/messages';
import type { AgentView } from '../../../../shared/people';
import { pinSchema } from '../../../../shared/people';
import { BusyButton } from '../../components/BusyButton';
import { ErrorNotice } from '../../components/ErrorNotice';
import { firstIssue } from '../../components/schema-form';
import { useMainCall } from '../../hooks/use-main-call';

const words = defineMessages({
  back: { id: 'people.pin.back', defaultMessage: 'Back' },
  typePin: { id: 'people.pin.typePin', defaultMessage: 'Type the PIN.' },
  typeName: { id: 'people.pin.typeName', defaultMessage: 'Type a name' },
  nobody: { id: 'people.pin.nobody', defaultMessage: 'No agent by that name' },
  pin: { id: 'people.pin.label', defaultMessage: 'PIN' },
});

/** The agent a typed name means: the name itself, else the first in the list that holds it, as the list shows it. */
function agentTyped(agents: AgentView[], typed: string): AgentView | undefined {
  const text = typed.trim().toLowerCase();
  if (text === '') return undefined;
  return agents.find((agent) => agent.name.toLowerCase() === text) ?? agents.find((agent) => agent.name.toLowerCase().includes(text));
}

interface PinFormProps {
  /** Who may type their PIN here, in the order the list shows them. */
  agents: AgentView[];
  /** The name offered first: the PIN field then has the focus, so the PIN and Enter are all it takes. */
  offered: number | null;
  nameLabel: string;
  submitLabel: string;
  /** Signs in or approves; its error (a wrong PIN, a lock) is shown and the PIN typed again. */
  onSubmit: (agentId: number, pin: string) => Promise<void>;
  onBack?: () => void;
  /** Back's words; "Back" when not given. */
  backLabel?: string;
}

/** A name and a PIN, for signing in, unlocking or approving: keyboard first, the wrong PIN's words shown. */
export function PinForm({ agents, offered, nameLabel, submitLabel, onSubmit, onBack, backLabel }: PinFormProps) {
  const intl = useIntl();
  const [agentId, setAgentId] = useState<string | null>(offered === null ? null : String(offered));
  const [pin, setPin] = useState('');
  const [pinProblem, setPinProblem] = useState<string | null>(null);
  const { run, busy, error, clearError } = useMainCall();
  const pinField = useRef<HTMLInputElement>(null);
  const nameField = useRef<HTMLInputElement>(null);

  useEffect(() => {
    (offered === null ? nameField : pinField).current?.focus();
  }, [offered]);

  const submit = async () => {
    const checked = pinSchema.safeParse(pin);
    if (agentId === null) {
      setPinProblem(null);
      nameField.current?.focus();
      return;
    }
    if (!checked.success) {
      setPinProblem(firstIssue(checked, intl) ?? intl.formatMessage(words.typePin));
      pinField.current?.focus();
      return;
    }
    setPinProblem(null);
    const done = await run(() => onSubmit(Number(agentId), pin));
    if (!done) {
      setPin('');
      pinField.current?.focus();
    }
  };

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <Stack gap="md">
        <Select
          ref={nameField}
          // A dialog's focus trap starts on the field marked so: the name when none is offered, else the PIN.
          data-autofocus={offered === null || undefined}
          label={nameLabel}
          placeholder={intl.formatMessage(words.typeName)}
          searchable
          selectFirstOptionOnChange
          allowDeselect={false}
          nothingFoundMessage={intl.formatMessage(words.nobody)}
          data={agents.map((agent) => ({ value: String(agent.id), label: agent.name }))}
          value={agentId}
          onKeyDown={(event) => {
            // Enter takes the typed name at once, not only after the list has highlighted it; a name
            // reached with the arrow keys (aria-activedescendant) is the list's own to take.
            if (event.key !== 'Enter' || event.currentTarget.getAttribute('aria-activedescendant')) return;
            const agent = agentTyped(agents, event.currentTarget.value);
            if (!agent) return;
            event.preventDefault();
            setAgentId(String(agent.id));
            clearError();
            pinField.current?.focus();
          }}
          onChange={(value) => {
            setAgentId(value);
            clearError();
            // The name is picked: the PIN is next.
            if (value !== null) pinField.current?.focus();
          }}
        />
        <PasswordInput
          ref={pinField}
          data-autofocus={offered !== null || undefined}
          label={intl.formatMessage(words.pin)}
          value={pin}
          onChange={(event) => setPin(event.currentTarget.value)}
          error={pinProblem}
          autoComplete="off"
          classNames={{ input: 'mono' }}
        />
        <ErrorNotice error={error} />
        <Group justify="flex-end">
          {onBack && (
            <Button variant="default" onClick={onBack} disabled={busy}>
              {backLabel ?? intl.formatMessage(words.back)}
            </Button>
          )}
          <BusyButton type="submit" busy={busy}>
            {submitLabel}
          </BusyButton>
        </Group>
      </Stack>
    </form>
  );
}
