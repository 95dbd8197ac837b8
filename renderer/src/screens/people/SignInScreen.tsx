import { Card, Center, Stack, Text, Title } from '@mantine/core';
import { shortcutKeyHandler } from '../../components/use-shortcuts';
import { usePeople } from '../../stores/people-store';
import { PinForm } from './PinForm';

/**
 * Who is working, in place of every screen (nothing of a traveler shows behind it): the first sign-in,
 * the locked screen (the same agent's PIN opens it; another agent's is a shift change), or a call that
 * needs someone signed in (Back leaves it undone).
 */
export function SignInScreen() {
  const { session, agents, request, signIn, dismiss, changingAgent } = usePeople();
  const locked = session?.locked === true && session.agent !== null;
  const lockedAgent = locked ? session.agent : null;
  const offered = changingAgent
    ? null
    : (lockedAgent?.id ?? session?.lastAgentId ?? (agents.length === 1 ? (agents[0]?.id ?? null) : null));

  const title = changingAgent ? 'Change of agent' : lockedAgent ? `Locked: ${lockedAgent.name}` : 'Who is working?';
  const words = request
    ? request.message
    : changingAgent
      ? 'The next agent picks their name and types their PIN: the counter is theirs from then on.'
      : lockedAgent
        ? `${lockedAgent.name}’s PIN opens it again. Another agent picking their name takes over the counter (a shift change).`
        : 'Pick your name and type your PIN. Training profiles need neither.';

  return (
    <Center mih="100vh" p="xl" bg="gray.1" onKeyDown={request ? shortcutKeyHandler([['close-sign-in', dismiss]]) : undefined}>
      <Card withBorder shadow="sm" padding="xl" w={440} aria-label="Sign in" role="dialog" aria-modal>
        <Stack gap="md">
          <div>
            <Text size="sm" c="indigo.8" fw={700}>
              Packdesk
            </Text>
            <Title order={2}>{title}</Title>
            <Text c="dimmed" size="sm" mt={4}>
              {words}
            </Text>
          </div>
          <PinForm
            key={`${lockedAgent?.id ?? 'none'}:${changingAgent}`}
            agents={agents}
            offered={offered}
            nameLabel="Agent"
            submitLabel="Sign in"
            onSubmit={signIn}
            {...(request ? { onBack: dismiss, backLabel: 'Back, without signing in' } : {})}
          />
        </Stack>
      </Card>
    </Center>
  );
}
