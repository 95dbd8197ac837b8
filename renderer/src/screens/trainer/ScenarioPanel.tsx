import { useIntl } from 'react-intl';
import { Button, Card, Group, Loader, Stack, Switch, Text, Title } from '@mantine/core';
import { defineMessages } from '../../../../shared/i18n/messages';
import { scenarioWords } from '../../../../shared/training-words';
import { ErrorNotice } from '../../components/ErrorNotice';
import { ScenarioClock } from './ScenarioClock';
import { useScenarios } from './use-scenarios';

const words = defineMessages({
  title: { id: 'trainer.scenarios.title', defaultMessage: 'Scenarios' },
  text: {
    id: 'trainer.scenarios.text',
    defaultMessage: 'Put the built-in service through a bad day while the trainee works. Each ends by itself at the time shown.',
  },
  allNormal: { id: 'trainer.scenarios.allNormal', defaultMessage: 'All back to normal' },
  loading: { id: 'trainer.scenarios.loading', defaultMessage: 'Loading the scenarios' },
  agentSees: { id: 'trainer.scenarios.agentSees', defaultMessage: 'The agent will see: {what}' },
});

/** The built-in service's bad days, in words: each on or off, what the agent will see, and when it ends. */
export function ScenarioPanel() {
  const intl = useIntl();
  const { scenarios, problem, busy, toggle, allNormal } = useScenarios();
  const anyOn = scenarios?.some((scenario) => scenario.on) ?? false;

  return (
    <Stack gap="sm">
      <Group justify="space-between" align="flex-end">
        <div>
          <Title order={3}>{intl.formatMessage(words.title)}</Title>
          <Text size="sm" c="dimmed">
            {intl.formatMessage(words.text)}
          </Text>
        </div>
        <Button variant="default" onClick={() => void allNormal()} disabled={!anyOn || busy}>
          {intl.formatMessage(words.allNormal)}
        </Button>
      </Group>
      <ErrorNotice error={problem} />
      {scenarios === null && !problem && <Loader aria-label={intl.formatMessage(words.loading)} />}
      <Stack gap="xs" role="group" aria-label={intl.formatMessage(words.title)}>
        {scenarios?.map((scenario) => (
          <Card key={scenario.id} withBorder padding="sm" bg={scenario.on ? 'orange.0' : undefined}>
            <Group justify="space-between" align="flex-start" wrap="nowrap">
              <Switch
                checked={scenario.on}
                onChange={(event) => void toggle(scenario.id, event.currentTarget.checked)}
                label={intl.formatMessage(scenarioWords[scenario.id].title)}
                description={intl.formatMessage(words.agentSees, { what: intl.formatMessage(scenarioWords[scenario.id].agentSees) })}
                color="orange"
              />
              {scenario.on && scenario.endsAt && <ScenarioClock endsAt={scenario.endsAt} />}
            </Group>
          </Card>
        ))}
      </Stack>
    </Stack>
  );
}
