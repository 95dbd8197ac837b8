import { Button, Card, Group, Loader, Stack, Switch, Text, Title } from '@mantine/core';
import { ErrorNotice } from '../../components/ErrorNotice';
import { ScenarioClock } from './ScenarioClock';
import { useScenarios } from './use-scenarios';

/** The built-in service's bad days, in words: each on or off, what the agent will see, and when it ends. */
export function ScenarioPanel() {
  const { scenarios, problem, busy, toggle, allNormal } = useScenarios();
  const anyOn = scenarios?.some((scenario) => scenario.on) ?? false;

  return (
    <Stack gap="sm">
      <Group justify="space-between" align="flex-end">
        <div>
          <Title order={3}>Scenarios</Title>
          <Text size="sm" c="dimmed">
            Put the built-in service through a bad day while the trainee works. Each ends by itself at the time shown.
          </Text>
        </div>
        <Button variant="default" onClick={() => void allNormal()} disabled={!anyOn || busy}>
          All back to normal
        </Button>
      </Group>
      <ErrorNotice error={problem} />
      {scenarios === null && !problem && <Loader aria-label="Loading the scenarios" />}
      <Stack gap="xs" role="group" aria-label="Scenarios">
        {scenarios?.map((scenario) => (
          <Card key={scenario.id} withBorder padding="sm" bg={scenario.on ? 'orange.0' : undefined}>
            <Group justify="space-between" align="flex-start" wrap="nowrap">
              <Switch
                checked={scenario.on}
                onChange={(event) => void toggle(scenario.id, event.currentTarget.checked)}
                label={scenario.title}
                description={`The agent will see: ${scenario.agentSees}`}
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
