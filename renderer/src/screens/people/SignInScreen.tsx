import { useIntl } from 'react-intl';
import { Card, Center, Stack, Text, Title } from '@mantine/core';
import { defineMessages, PRODUCT_NAME } from '../../../../shared/i18n/messages';
import { shortcutKeyHandler } from '../../components/use-shortcuts';
import { usePeople } from '../../stores/people-store';
import { PinForm } from './PinForm';

const words = defineMessages({
  changeOfAgent: { id: 'people.signIn.changeOfAgent', defaultMessage: 'Change of agent' },
  changeOfAgentText: {
    id: 'people.signIn.changeOfAgent.text',
    defaultMessage: 'The next agent picks their name and types their PIN: the counter is theirs from then on.',
  },
  locked: { id: 'people.signIn.locked', defaultMessage: 'Locked: {name}' },
  lockedText: {
    id: 'people.signIn.locked.text',
    defaultMessage: '{name}’s PIN opens it again. Another agent picking their name takes over the counter (a shift change).',
  },
  whoIsWorking: { id: 'people.signIn.whoIsWorking', defaultMessage: 'Who is working?' },
  whoIsWorkingText: {
    id: 'people.signIn.whoIsWorking.text',
    defaultMessage: 'Pick your name and type your PIN. Training profiles need neither.',
  },
  signIn: { id: 'people.signIn.label', defaultMessage: 'Sign in' },
  agent: { id: 'people.signIn.agent', defaultMessage: 'Agent' },
  submit: { id: 'people.signIn.submit', defaultMessage: 'Sign in' },
  back: { id: 'people.signIn.back', defaultMessage: 'Back, without signing in' },
});

/**
 * Who is working, in place of every screen (nothing of a traveler shows behind it): the first sign-in,
 * the locked screen (the same agent's PIN opens it; another agent's is a shift change), or a call that
 * needs someone signed in (Back leaves it undone).
 */
export function SignInScreen() {
  const intl = useIntl();
  const { session, agents, request, signIn, dismiss, changingAgent } = usePeople();
  const locked = session?.locked === true && session.agent !== null;
  const lockedAgent = locked ? session.agent : null;
  const offered = changingAgent
    ? null
    : (lockedAgent?.id ?? session?.lastAgentId ?? (agents.length === 1 ? (agents[0]?.id ?? null) : null));

  const title = changingAgent
    ? intl.formatMessage(words.changeOfAgent)
    : lockedAgent
      ? intl.formatMessage(words.locked, { name: lockedAgent.name })
      : intl.formatMessage(words.whoIsWorking);
  const explanation = request
    ? request.message
    : changingAgent
      ? intl.formatMessage(words.changeOfAgentText)
      : lockedAgent
        ? intl.formatMessage(words.lockedText, { name: lockedAgent.name })
        : intl.formatMessage(words.whoIsWorkingText);

  return (
    <Center mih="100vh" p="xl" bg="gray.1" onKeyDown={request ? shortcutKeyHandler([['close-sign-in', dismiss]]) : undefined}>
      <Card withBorder shadow="sm" padding="xl" w={440} aria-label={intl.formatMessage(words.signIn)} role="dialog" aria-modal>
        <Stack gap="md">
          <div>
            <Text size="sm" c="indigo.8" fw={700}>
              {PRODUCT_NAME}
            </Text>
            <Title order={2}>{title}</Title>
            <Text c="dimmed" size="sm" mt={4}>
              {explanation}
            </Text>
          </div>
          <PinForm
            key={`${lockedAgent?.id ?? 'none'}:${changingAgent}`}
            agents={agents}
            offered={offered}
            nameLabel={intl.formatMessage(words.agent)}
            submitLabel={intl.formatMessage(words.submit)}
            onSubmit={signIn}
            {...(request ? { onBack: dismiss, backLabel: intl.formatMessage(words.back) } : {})}
          />
        </Stack>
      </Card>
    </Center>
  );
}
